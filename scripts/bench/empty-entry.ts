// Entry of the runtime probe: a federated host with no code of its own; its main.js is the federation runtime.
export {};
