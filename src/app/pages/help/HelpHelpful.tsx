// "Was this article helpful?" under each article: yes or no, once per article and language in this
// browser (remembered in localStorage), counted on the server; then a thank-you.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { voteHelpful } from "../../api/feedback";

const voteKey = (lang: string, slug: string) => `helpVote:${lang}:${slug}`;

function votedBefore(lang: string, slug: string): boolean {
  try {
    return localStorage.getItem(voteKey(lang, slug)) !== null;
  } catch {
    return false;
  }
}

export function HelpHelpful({ slug, lang }: { readonly slug: string; readonly lang: string }) {
  const { t } = useTranslation();
  const [voted, setVoted] = useState(() => votedBefore(lang, slug));
  const [sending, setSending] = useState(false);
  useEffect(() => {
    setVoted(votedBefore(lang, slug));
    setSending(false);
  }, [lang, slug]);

  async function vote(helpful: boolean) {
    setSending(true);
    try {
      await voteHelpful(slug, lang, helpful);
      try {
        localStorage.setItem(voteKey(lang, slug), helpful ? "yes" : "no");
      } catch {
        // no storage: the thanks still shows for this visit
      }
      setVoted(true);
    } catch {
      // the request client has shown why; the buttons stay for another try
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="help-helpful" aria-label={t("help.helpful.question")} data-testid="help-helpful">
      {voted ? (
        <p role="status">{t("help.helpful.thanks")}</p>
      ) : (
        <>
          <p>{t("help.helpful.question")}</p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={sending}
            onClick={() => void vote(true)}
          >
            {t("help.helpful.yes")}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={sending}
            onClick={() => void vote(false)}
          >
            {t("help.helpful.no")}
          </button>
        </>
      )}
    </section>
  );
}
