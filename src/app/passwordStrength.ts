// How guessable a new password is (issue 33 item 9): zxcvbn-ts with its common-password, name and
// keyboard-pattern dictionaries, shared by the server (authoritative: register, reset, change) and
// the forms (the reason beside the field before anything is sent). Loaded on first use: in the
// browser the estimator and its dictionaries are a chunk of their own, fetched only by a password form.

/** zxcvbn's score (0–4) a new password needs: 2 is "somewhat guessable", over 10^8 guesses. */
export const PASSWORD_MIN_SCORE = 2;

/** Why a password is refused: a translation key for each kind of weakness zxcvbn finds. */
export const WEAKNESS_KEYS = {
  repeat: "password.weak.repeat",
  sequence: "password.weak.sequence",
  spatial: "password.weak.keyboard",
  dictionary: "password.weak.common",
  date: "password.weak.date",
  other: "password.weak.guessable",
} as const;

type Estimate = (
  password: string,
  userInputs: string[],
) => { score: number; sequence: { pattern: string; token: string }[] };

let estimator: Promise<Estimate> | null = null;

function loadEstimator(): Promise<Estimate> {
  estimator ??= (async () => {
    const [core, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    const z = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => z.check(password, userInputs) as ReturnType<Estimate>;
  })();
  return estimator;
}

/**
 * The translation key of why `password` is too easy to guess (the weakness covering most of it), or
 * null when it is strong enough. `userInputs`: the account and nickname, guessed first by attackers.
 */
export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<string | null> {
  const estimate = await loadEstimator();
  const r = estimate(password, userInputs.filter(Boolean));
  if (r.score >= PASSWORD_MIN_SCORE) return null;
  let longest: { pattern: string; token: string } | undefined;
  for (const m of r.sequence)
    if (m.pattern !== "bruteforce" && (!longest || m.token.length > longest.token.length)) longest = m;
  const pattern = (longest?.pattern ?? "other") as keyof typeof WEAKNESS_KEYS;
  return WEAKNESS_KEYS[pattern] ?? WEAKNESS_KEYS.other;
}
