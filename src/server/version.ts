// The app's version (package.json), stored with each feedback.
import pkg from "../../package.json";

export const APP_VERSION: string = pkg.version;
