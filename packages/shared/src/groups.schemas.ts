/** Request and reply schemas of the groups endpoints (the contract between web and server). */
export {};
