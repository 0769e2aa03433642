// The app's dialogs the editor opens (src/editor/appDialogs.tsx): the editor route hands them in, so
// the editor never imports the app. (The home page's label creation gets only the AI dialog.)
import type { AppDialogs } from "../editor/appDialogs";
import { LazyAiDialog } from "./ai/LazyAiDialog";
import { MembershipPrompt } from "./pages/member/MembershipPrompt";

export const EDITOR_DIALOGS: AppDialogs = { AiDialog: LazyAiDialog, MembershipPrompt };
