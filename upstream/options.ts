export interface UpstreamOptions {
  /** Where the database, uploaded and generated files and the mail outbox live. */
  dataDir: string;
  /** Public URL prefix under which the upstream's files are served, e.g. "/api/files". */
  filesUrl: string;
  /** The shop's public origin, used in shareable product URLs and e-mailed links. */
  siteUrl: string;
  /** The seller's state (name), which decides CGST+SGST versus IGST. */
  sellerState: string;
}
