// The operator's command: moves an order between the spec's statuses (allowed transitions only).
//   npm run orders -- complete|cancel|refund <order id or invoice number>
// It works on DATA_DIR's database directly (default ./data), also while the shop runs.
// In the container (no dev dependencies): node build/orders.js cancel 42
import { runOrdersCommand } from "../upstream/commands/orders";

const { code, stdout, stderr } = await runOrdersCommand(process.argv.slice(2), process.env.DATA_DIR);
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
