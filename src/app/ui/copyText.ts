// Copies text to the clipboard and says whether it worked (a toast either way).
import { message } from "./message";

export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    message.success(done);
  } catch {
    message.error(failed);
  }
}
