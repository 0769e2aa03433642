// Check digits of the GS1 family (EAN-8/13, UPC-A/E, ITF-14) and UPC-E expansion.

/** GS1 mod-10 check digit of a digit string (weights 3,1,… from the right). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E number system + 6 digits (7 digits) → the 11-digit UPC-A body it stands for. */
export function expandUpcE(body7: string): string {
  const ns = body7[0];
  const [d1, d2, d3, d4, d5, d6] = body7.slice(1);
  switch (d6) {
    case "0":
    case "1":
    case "2":
      return `${ns}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case "3":
      return `${ns}${d1}${d2}${d3}00000${d4}${d5}`;
    case "4":
      return `${ns}${d1}${d2}${d3}${d4}00000${d5}`;
    default:
      return `${ns}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

export function upcECheckDigit(body7: string): string {
  return gs1CheckDigit(expandUpcE(body7));
}
