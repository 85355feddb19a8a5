import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Pages load on demand; on a busy machine that can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});
