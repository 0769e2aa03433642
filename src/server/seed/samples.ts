// The sample labels a new user finds in the default folder (hand-written files in ./samples/).
export const SAMPLES: readonly { file: string; nameKey: string; width: number; height: number }[] = [
  { file: "shelf-tag.tprt", nameKey: "server.sample.shelfTag", width: 100, height: 80 },
  { file: "shipping-label.tprt", nameKey: "server.sample.shippingLabel", width: 100, height: 150 },
  { file: "price-tag.tprt", nameKey: "server.sample.priceTag", width: 50, height: 30 },
];
