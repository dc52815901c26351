/** Request and reply schemas of the users endpoints (the contract between web and server). */
export {};
