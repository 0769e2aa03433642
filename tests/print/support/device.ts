// A call from the device side (a print assistant): no session, serial + key in the body.
export async function deviceCall(base: string, path: string, body: unknown) {
  const r = await fetch(`${base}/interface${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", language: "en" },
    body: JSON.stringify(body),
  });
  return r.json();
}
