// The operator's command: changes a product's price, stock or title, also while the shop runs
// (the shop purges the pages that show it from every cache within a second).
//   npm run catalogue -- price|stock|text <product slug> <value>
// It works on DATA_DIR's database directly (default ./data).
import { runCatalogueCommand } from "../upstream/commands/catalogue";

const { code, stdout, stderr } = await runCatalogueCommand(process.argv.slice(2), process.env.DATA_DIR);
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
