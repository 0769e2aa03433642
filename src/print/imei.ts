// A cellular printer's IMEI (application.md §3 "Device": serial number, IMEI, verification code),
// typed when the device is bound: optional, else 15 digits whose last is the Luhn check digit of the
// first 14. One rule for the form and the server.

/** What the user typed → the IMEI's canonical form (spaces, dashes and slashes do not matter). */
export const normalImei = (typed: string): string => typed.replace(/[\s\-/]/g, "");

/** The Luhn check: from the right, every second digit doubled (less 9 past 9); the sum ends in 0. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The message key of what is wrong with a typed IMEI, or null (an empty one is fine: no IMEI). */
export function imeiError(typed: string): "printer.bind.imeiDigits" | "printer.bind.imeiCheck" | null {
  const v = normalImei(typed);
  if (!v) return null;
  if (!/^\d{15}$/.test(v)) return "printer.bind.imeiDigits";
  return luhnValid(v) ? null : "printer.bind.imeiCheck";
}
