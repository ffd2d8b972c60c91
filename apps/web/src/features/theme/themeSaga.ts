export function* themeSaga() {}
