// The feedback form's call and the help articles' "was this helpful" answer (docs/api.md).
import type { FeedbackKind } from "../../feedback/rules";
import { interfaceApi } from "./client";

export interface FeedbackForm {
  kind: FeedbackKind;
  description: string;
  contact: string;
  /** a PNG or JPEG data URL, or "" */
  screenshot: string;
  /** the page it was sent from */
  page: string;
}

export const sendFeedback = (form: FeedbackForm) =>
  interfaceApi.post<{ id: string }>("/api/feedback/submit", form);

export const voteHelpful = (slug: string, lang: string, helpful: boolean) =>
  interfaceApi.post<{ yes: number; no: number }>(
    "/api/help/vote",
    { slug, lang, helpful },
    { loading: false },
  );
