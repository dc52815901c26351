/** Request and reply schemas of the tickets endpoints (the contract between web and server). */
export {};
