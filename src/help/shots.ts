// Where the app serves a screenshot of itself in a language (public/help/shots/<lang>/<name>.png,
// made by e2e/app/help-shots.spec.ts): help articles and the download page show them.
export const shotUrl = (lang: string, name: string) =>
  `${import.meta.env.BASE_URL}help/shots/${lang}/${name}.png`;
