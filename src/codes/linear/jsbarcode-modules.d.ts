declare module "jsbarcode/bin/barcodes/index.js";
