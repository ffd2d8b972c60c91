/**
 * True when A and B are the same type. The API contract spells its enums out (it depends on zod
 * only): checked against the domain's lists, a value added to one and not the other fails the build.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
