import type { Migration } from "kysely";
import { migration as m001 } from "./001_catalogue_members_carts.js";
import { migration as m002 } from "./002_addresses.js";
import { migration as m003 } from "./003_password_resets_login_lookups.js";
import { migration as m004 } from "./004_orders.js";
import { reviewLimits } from "./100_review_limits.js";
import { guestIds } from "./101_guest_ids.js";
import { registration } from "./200_registration.js";
import { payments } from "./300_payments.js";
import { documentAccessLog } from "./400_document_access_log.js";
import { productDeclarations } from "./500_product_declarations.js";
import { complaints } from "./501_complaints.js";
import { sharedState } from "./600_shared_state.js";
import { genealogyCounters } from "./700_genealogy_counters.js";
import { hindiCatalogue } from "./800_hindi_catalogue.js";
import { productSearch } from "./801_product_search.js";
import { catalogueChanges } from "./900_catalogue_changes.js";
import { placementsToCount } from "./901_placements_to_count.js";
import { mailLanguage } from "./910_mail_language.js";
import { genealogyAnchors } from "./920_genealogy_anchors.js";

/**
 * Every migration, in order, by the name the database records it under (kysely_migration).
 * Append-only: a change to the database is a new file listed here, never an edit of an applied one;
 * names are never renamed (existing databases know them). Numbers from 100 on are kept for the
 * security work's migrations.
 */
export const migrations: Record<string, Migration> = {
  "001_catalogue_members_carts": m001,
  "002_addresses": m002,
  "003_password_resets_login_lookups": m003,
  "004_orders": m004,
  "100_review_limits": reviewLimits,
  "101_guest_ids": guestIds,
  "200_registration": registration,
  "300_payments": payments,
  "400_document_access_log": documentAccessLog,
  "500_product_declarations": productDeclarations,
  "501_complaints": complaints,
  "600_shared_state": sharedState,
  "700_genealogy_counters": genealogyCounters,
  "800_hindi_catalogue": hindiCatalogue,
  "801_product_search": productSearch,
  "900_catalogue_changes": catalogueChanges,
  "901_placements_to_count": placementsToCount,
  "910_mail_language": mailLanguage,
  "920_genealogy_anchors": genealogyAnchors,
};
