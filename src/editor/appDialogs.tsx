// The app's dialogs the editor opens: picture-to-label (the AI dialog) and the membership prompt. The
// editor imports no app page: the route hands these in (src/app/editorDialogs.ts), the way it hands
// in the kinds' UI (src/editor/kinds.tsx), and EditorPage provides them to the screens below it.
import { type ComponentType, createContext, useContext } from "react";

export interface MembershipPromptProps {
  readonly text: string;
  readonly onClose: () => void;
}

export interface AppDialogs {
  /** Picture to label (application.md §2 dialog 3), in its own chunk. */
  readonly AiDialog: ComponentType<{ readonly onClose: () => void }>;
  /** The membership prompt (402 and member-only features; application.md §2 dialog 1). */
  readonly MembershipPrompt: ComponentType<MembershipPromptProps>;
}

const AppDialogsContext = createContext<AppDialogs | null>(null);
export const AppDialogsProvider = AppDialogsContext.Provider;

export function useAppDialogs(): AppDialogs {
  const dialogs = useContext(AppDialogsContext);
  if (!dialogs) throw new Error("useAppDialogs outside EditorPage");
  return dialogs;
}

/** The membership prompt the app handed in: what the editor's screens and the kinds' panels show. */
export function MembershipPrompt(props: MembershipPromptProps) {
  const { MembershipPrompt: Prompt } = useAppDialogs();
  return <Prompt {...props} />;
}
