// The app's version (package.json): the server stores it with each feedback, backup and metric, and
// the print assistant reports the same one, so both programs of a release say the same.
import pkg from "../../package.json";

export const APP_VERSION: string = pkg.version;
