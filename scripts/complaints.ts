// The operator's complaints command (the grievance officer's desk):
//   npm run complaints -- list [--all] | reply <N> "<text>" | close <N>
// It works on DATA_DIR's database directly (default ./data), also while the shop runs.
// In the container (no dev dependencies): node build/complaints.js list
import { runComplaintsCommand } from "../upstream/commands/complaints";

const { code, stdout, stderr } = await runComplaintsCommand(process.argv.slice(2), process.env);
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
