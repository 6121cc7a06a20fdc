// The operator's backup: a consistent copy of DATA_DIR (SQLite's online backup, then the files),
// taken while the shop runs.
//   npm run backup -- [target directory]
// In the container (no dev dependencies): node build/backup.js /backups/shop-2026-11-28
import { runBackupCommand } from "../upstream/commands/backup";

const { code, stdout, stderr } = await runBackupCommand(process.argv.slice(2), { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
if (stdout) console.log(stdout);
if (stderr) console.error(stderr);
process.exitCode = code;
