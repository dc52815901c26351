/** Request and reply schemas of the comments endpoints (the contract between web and server). */
export {};
