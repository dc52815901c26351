/** Request and reply schemas of the forwarding endpoints (the contract between web and server). */
export {};
