export const TEST_SCRYPT_N: number;
export function setTestHashCost(): void;
export function setProductHashCost(): void;
