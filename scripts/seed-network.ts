// Seeds a network at real size for the bench and for trying My Team (decision 0025):
//   npm run seed-network -- --members 200000
// into DATA_DIR (default ./data), made and seeded with the demo data first when empty.
import { runSeedNetworkCommand } from "../upstream/commands/seed-network";

const { code, stdout, stderr } = await runSeedNetworkCommand(process.argv.slice(2), process.env.DATA_DIR);
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
