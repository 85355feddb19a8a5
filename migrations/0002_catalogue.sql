-- Catalogue: items (subscriptions), bundles (points), coupons, sites and their vendor accounts.

CREATE TABLE items (
  itemId INTEGER PRIMARY KEY,
  itemName TEXT NOT NULL CHECK (length(itemName) BETWEEN 1 AND 200),
  itemDesc TEXT NOT NULL DEFAULT '',
  itemPrice INTEGER NOT NULL CHECK (itemPrice >= 0),
  itemDuration INTEGER NOT NULL CHECK (itemDuration > 0),
  itemUrl TEXT NOT NULL DEFAULT '',
  itemImage TEXT,
  itemFile TEXT,
  itemFileKey TEXT,
  itemIsActive INTEGER NOT NULL DEFAULT 1 CHECK (itemIsActive IN (0, 1)),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX items_active_newest ON items(itemIsActive, createdAt);
CREATE INDEX items_active_name ON items(itemIsActive, itemName);
CREATE INDEX items_active_price ON items(itemIsActive, itemPrice);
CREATE INDEX items_newest ON items(createdAt);
CREATE INDEX items_name ON items(itemName);
CREATE INDEX items_price ON items(itemPrice);
CREATE VIRTUAL TABLE items_fts USING fts5(
  itemName, itemDesc, content='items', content_rowid='itemId', tokenize='trigram'
);
CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_fts(rowid, itemName, itemDesc) VALUES (new.itemId, new.itemName, new.itemDesc);
END;
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_fts(items_fts, rowid, itemName, itemDesc) VALUES ('delete', old.itemId, old.itemName, old.itemDesc);
END;
CREATE TRIGGER items_fts_update AFTER UPDATE OF itemName, itemDesc ON items BEGIN
  INSERT INTO items_fts(items_fts, rowid, itemName, itemDesc) VALUES ('delete', old.itemId, old.itemName, old.itemDesc);
  INSERT INTO items_fts(rowid, itemName, itemDesc) VALUES (new.itemId, new.itemName, new.itemDesc);
END;

CREATE TABLE bundles (
  bundleId INTEGER PRIMARY KEY,
  bundlePoin INTEGER NOT NULL CHECK (bundlePoin > 0),
  -- Price per point, in the currency's minor unit.
  bundlePPP INTEGER NOT NULL CHECK (bundlePPP >= 0),
  bundleDisc INTEGER NOT NULL DEFAULT 0 CHECK (bundleDisc BETWEEN 0 AND 100),
  bundlePrice INTEGER GENERATED ALWAYS AS (
    CAST(round(bundlePoin * bundlePPP * (100 - bundleDisc) / 100.0) AS INTEGER)
  ) STORED,
  bundleIsActive INTEGER NOT NULL DEFAULT 1 CHECK (bundleIsActive IN (0, 1)),
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX bundles_active ON bundles(bundleIsActive, bundlePoin);
CREATE INDEX bundles_points ON bundles(bundlePoin);

CREATE TABLE coupons (
  couponId INTEGER PRIMARY KEY,
  couponCode TEXT NOT NULL UNIQUE COLLATE NOCASE,
  couponQuota INTEGER NOT NULL CHECK (couponQuota > 0),
  -- YYYY-MM-DD, valid through the end of that day UTC.
  couponExpired TEXT NOT NULL CHECK (couponExpired GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  couponUsed TEXT NOT NULL DEFAULT 'N' CHECK (couponUsed IN ('N', 'Y')),
  couponUsedDate TEXT,
  couponUsedBy INTEGER REFERENCES users(userId) ON DELETE SET NULL,
  batchId TEXT NOT NULL DEFAULT '',
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((couponUsed = 'Y') = (couponUsedDate IS NOT NULL))
);
CREATE INDEX coupons_newest ON coupons(createdAt);
CREATE INDEX coupons_status ON coupons(couponUsed, couponExpired);
CREATE VIRTUAL TABLE coupons_fts USING fts5(
  couponCode, content='coupons', content_rowid='couponId', tokenize='trigram'
);
CREATE TRIGGER coupons_fts_insert AFTER INSERT ON coupons BEGIN
  INSERT INTO coupons_fts(rowid, couponCode) VALUES (new.couponId, new.couponCode);
END;
CREATE TRIGGER coupons_fts_delete AFTER DELETE ON coupons BEGIN
  INSERT INTO coupons_fts(coupons_fts, rowid, couponCode) VALUES ('delete', old.couponId, old.couponCode);
END;

CREATE TABLE sites (
  siteId INTEGER PRIMARY KEY,
  siteName TEXT NOT NULL CHECK (length(siteName) BETWEEN 1 AND 200),
  siteDesc TEXT NOT NULL,
  -- Points per use.
  sitePrice INTEGER NOT NULL CHECK (sitePrice >= 0),
  siteIsUse INTEGER NOT NULL DEFAULT 1 CHECK (siteIsUse IN (0, 1)),
  siteImage TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sites_use ON sites(siteIsUse, siteName);
CREATE INDEX sites_name ON sites(siteName);

CREATE TABLE vendor_accounts (
  vendorId INTEGER PRIMARY KEY,
  vendorSiteID INTEGER NOT NULL REFERENCES sites(siteId) ON DELETE CASCADE,
  vendorName TEXT NOT NULL CHECK (length(vendorName) BETWEEN 1 AND 200),
  loginMethod TEXT NOT NULL CHECK (loginMethod IN ('cookie', 'email')),
  vendorEmail TEXT NOT NULL DEFAULT '',
  -- JSON {kid, iv, ct}: AES-GCM of {vendorValue} or {vendorPassword}; never leaves the Worker except to agents.
  vendorSecret TEXT,
  vendorIsActive INTEGER NOT NULL DEFAULT 1 CHECK (vendorIsActive IN (0, 1)),
  -- Least recently used account of a site gets the next job.
  lastUsedAt TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z',
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX vendor_accounts_site ON vendor_accounts(vendorSiteID, vendorIsActive, lastUsedAt);
CREATE INDEX vendor_accounts_status ON vendor_accounts(vendorIsActive, vendorName);
CREATE INDEX vendor_accounts_name ON vendor_accounts(vendorName);
