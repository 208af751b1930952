/** Secret values that must never leave the server: the build and the e2e app run with them. */
export const CANARY_SECRETS = {
  X_BEARER_TOKEN: "canary-x-7c1d9e4b",
  LLM_API_KEY: "canary-llm-3f8a2c6d",
} as const;

/** Written beside the build by canary-build.ts: proof that the canaries were present when it was made. */
export const CANARY_MARKER = "canary-build.json";
