//! Saved decks and guild settings.

use sqlx::Row;

use super::{Store, StoreError};

/// A saved deck list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckRow {
    pub owner_id: String,
    pub game_kind: String,
    pub name: String,
    /// JSON of the stored deck.
    pub list: String,
    pub updated_at: i64,
}

/// Deck names match case-insensitively.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Store {
    /// Saves (or replaces) a deck under its owner and name.
    pub async fn save_deck(&self, deck: &DeckRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO decks (owner_id, game_kind, name_key, name, list, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) \
             ON CONFLICT (owner_id, game_kind, name_key) DO UPDATE SET name = excluded.name, list = excluded.list, updated_at = excluded.updated_at",
        )
        .bind(&deck.owner_id)
        .bind(&deck.game_kind)
        .bind(name_key(&deck.name))
        .bind(&deck.name)
        .bind(&deck.list)
        .bind(deck.updated_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn deck(
        &self,
        owner: &str,
        kind: &str,
        name: &str,
    ) -> Result<Option<DeckRow>, StoreError> {
        let row = sqlx::query(
            "SELECT owner_id, game_kind, name, list, updated_at FROM decks WHERE owner_id = $1 AND game_kind = $2 AND name_key = $3",
        )
        .bind(owner)
        .bind(kind)
        .bind(name_key(name))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| deck_row(&r)).transpose()
    }

    /// A user's decks for one game kind, by name.
    pub async fn decks(&self, owner: &str, kind: &str) -> Result<Vec<DeckRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT owner_id, game_kind, name, list, updated_at FROM decks WHERE owner_id = $1 AND game_kind = $2 ORDER BY name_key",
        )
        .bind(owner)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(deck_row).collect()
    }

    pub async fn delete_deck(
        &self,
        owner: &str,
        kind: &str,
        name: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "DELETE FROM decks WHERE owner_id = $1 AND game_kind = $2 AND name_key = $3",
        )
        .bind(owner)
        .bind(kind)
        .bind(name_key(name))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn guild_settings(&self, guild: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT settings FROM guild_settings WHERE guild_id = $1")
                .bind(guild)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    pub async fn set_guild_settings(
        &self,
        guild: &str,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
        )
        .bind(guild)
        .bind(settings)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

fn deck_row(r: &sqlx::any::AnyRow) -> Result<DeckRow, StoreError> {
    Ok(DeckRow {
        owner_id: r.try_get("owner_id")?,
        game_kind: r.try_get("game_kind")?,
        name: r.try_get("name")?,
        list: r.try_get("list")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// A server's Legendary Encounters card set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegendarySetRow {
    pub guild_id: String,
    pub name: String,
    /// JSON of the checked card set.
    pub data: String,
    pub updated_by: String,
    pub updated_at: i64,
}

impl Store {
    pub async fn legendary_set(&self, guild: &str) -> Result<Option<LegendarySetRow>, StoreError> {
        let row: Option<(String, String, String, String, i64)> = sqlx::query_as(
            "SELECT guild_id, name, data, updated_by, updated_at FROM legendary_sets WHERE guild_id = $1",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| LegendarySetRow {
            guild_id: r.0,
            name: r.1,
            data: r.2,
            updated_by: r.3,
            updated_at: r.4,
        }))
    }

    /// Stores (or replaces) a server's card set.
    pub async fn set_legendary_set(&self, row: &LegendarySetRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO legendary_sets (guild_id, name, data, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name, data = excluded.data, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
        )
        .bind(&row.guild_id)
        .bind(&row.name)
        .bind(&row.data)
        .bind(&row.updated_by)
        .bind(row.updated_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
