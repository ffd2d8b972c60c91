/**
 * Settings every bench gives the Atende it measures, so it measures the product as deployed: the
 * check of each answer against its contract schema (VALIDATE_ANSWERS) is a development and test aid
 * that costs a parse per answer, off in production.
 */
export const AS_DEPLOYED = { VALIDATE_ANSWERS: '0' } as const;
