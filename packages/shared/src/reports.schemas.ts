/** Request and reply schemas of the reports endpoints (the contract between web and server). */
export {};
