import { seedLocal } from "./platform";

const result = await seedLocal(process.env.PERSIST_TO);
console.log(
  `Seeded. Admin: ${result.admin.email}${result.adminCreated ? ` / ${result.admin.password}` : " (already existed; password unchanged)"}`,
);
