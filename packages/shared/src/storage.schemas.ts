/** Request and reply schemas of the storage endpoints (the contract between web and server). */
export {};
