// E2E support: the server per spec, Chromium, page helpers and screenshots.
//
//   const app = await startApp();            // own port, fresh INKLESS_DATA, own copy of dist/client
//   const browser = await launchBrowser();   // /usr/bin/chromium through playwright-core
//   const { page, user } = await signedInPage(browser, app.baseUrl);  // registered and on /label/index
//   const { page } = await openSignedInEditor(browser, app.baseUrl, { locale: "zh-CN" });  // in the editor
//   await page.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add"));
//   await screenshot(page, "my-area-step");  // .tmp/screens/my-area-step.png
//   await browser.close(); await app.stop();
//
// The app must be built first (`npm test` and `npm run test:e2e` do it; or node scripts/build-if-needed.mjs).
export * from "./api";
export * from "./app";
export * from "./axe";
export * from "./browser";
export * from "./editor";
export * from "./oidcProvider";
export * from "./server";
