//! An outgoing message's extras in Discord's shapes and limits: buttons and
//! select menus as action rows, the embed, the attachments. What does not
//! fit is left out; the message's text always says the same in words.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAttachment, CreateButton, CreateEmbed, CreateEmbedFooter,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::{Bot, clip};
use crate::app::{Button, Embed, EmbedField, FileOut, Menu, MenuOption};

/// Discord's limits on components.
const ROWS: usize = 5;
const BUTTONS_A_ROW: usize = 5;
const MENU_OPTIONS: usize = 25;
const MENU_TEXT: usize = 100;
const PLACEHOLDER: usize = 150;

/// Discord's embed limits.
const EMBED_DESCRIPTION: usize = 4096;
const EMBED_FIELDS: usize = 25;
const FIELD_NAME: usize = 256;
const FIELD_VALUE: usize = 1024;
const EMBED_TOTAL: usize = 6000;

pub fn attachments(files: &[FileOut]) -> Vec<CreateAttachment> {
    files
        .iter()
        .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
        .collect()
}

/// Menus first (a row each), then buttons five a row, five rows at most.
pub async fn components(bot: &Bot, buttons: &[Button], menus: &[Menu]) -> Vec<CreateActionRow> {
    let button_rows = buttons.len().div_ceil(BUTTONS_A_ROW).min(ROWS);
    let mut rows = Vec::new();
    for menu in menus.iter().flat_map(pages) {
        if rows.len() + button_rows >= ROWS {
            break;
        }
        rows.push(CreateActionRow::SelectMenu(select(bot, &menu).await));
    }
    for chunk in buttons.chunks(BUTTONS_A_ROW).take(ROWS - rows.len()) {
        let mut row = Vec::new();
        for b in chunk {
            let id = bot.button_id(&b.command).await;
            row.push(
                CreateButton::new(id)
                    .label(clip(&b.label, 80))
                    .style(ButtonStyle::Secondary),
            );
        }
        rows.push(CreateActionRow::Buttons(row));
    }
    rows
}

/// A menu within Discord's 25 options: options of the same value once; a
/// longer single-pick menu in pages of 25, a longer multi-pick menu cut to
/// its first 25 (none when that cannot satisfy its minimum).
fn pages(menu: &Menu) -> Vec<Menu> {
    let mut options: Vec<MenuOption> = Vec::new();
    for o in &menu.options {
        if !options.iter().any(|x| x.value == o.value) {
            options.push(o.clone());
        }
    }
    if options.is_empty() {
        return Vec::new();
    }
    let chunks: Vec<&[MenuOption]> = if menu.max <= 1 {
        options.chunks(MENU_OPTIONS).collect()
    } else {
        vec![&options[..options.len().min(MENU_OPTIONS)]]
    };
    let paged = chunks.len() > 1;
    let mut out = Vec::new();
    for (i, chunk) in chunks.into_iter().enumerate() {
        let n = chunk.len() as u8;
        if menu.min > n {
            continue;
        }
        let placeholder = if paged {
            let first = i * MENU_OPTIONS + 1;
            format!(
                "{} ({first}–{} of {})",
                menu.placeholder,
                first + chunk.len() - 1,
                options.len()
            )
        } else {
            menu.placeholder.clone()
        };
        out.push(Menu {
            placeholder,
            command: menu.command.clone(),
            options: chunk.to_vec(),
            min: menu.min,
            max: menu.max.clamp(1, n),
        });
    }
    out
}

/// One select menu: its command in the custom id (stored when long), each
/// option's value as is (stored when over Discord's 100 characters).
async fn select(bot: &Bot, menu: &Menu) -> CreateSelectMenu {
    let id = bot.button_id(&menu.command).await;
    let mut options = Vec::new();
    for o in &menu.options {
        let value = if o.value.len() > MENU_TEXT {
            bot.value_id(&o.value).await
        } else {
            o.value.clone()
        };
        let mut option = CreateSelectMenuOption::new(clip(&o.label, MENU_TEXT), value);
        if let Some(d) = &o.description {
            option = option.description(clip(d, MENU_TEXT));
        }
        options.push(option);
    }
    CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
        .placeholder(clip(&menu.placeholder, PLACEHOLDER))
        .min_values(menu.min)
        .max_values(menu.max)
}

/// The embed within Discord's limits, or `None` when it cannot fit (the
/// message's text is shown instead). A field too long for one field goes on
/// in the next, under the same name.
pub fn embed_of(e: &Embed) -> Option<CreateEmbed> {
    let description = description(&e.lines);
    let title = clip(&e.title, 256);
    let footer = e.footer.as_deref().map(|f| clip(f, 2048));
    let fields: Vec<EmbedField> = e.fields.iter().flat_map(split_field).collect();
    let total = title.chars().count()
        + description.chars().count()
        + footer.as_deref().map_or(0, |f| f.chars().count())
        + fields
            .iter()
            .map(|f| f.name.chars().count() + f.value.chars().count())
            .sum::<usize>();
    if fields.len() > EMBED_FIELDS || total > EMBED_TOTAL {
        return None;
    }
    let mut b = CreateEmbed::new().title(title);
    if !description.is_empty() {
        b = b.description(description);
    }
    for f in fields {
        b = b.field(f.name, f.value, f.inline);
    }
    if let Some(f) = footer {
        b = b.footer(CreateEmbedFooter::new(f));
    }
    if let Some(image) = &e.image {
        b = b.image(format!("attachment://{image}"));
    }
    Some(b)
}

/// The body's lines; those that do not fit are counted instead.
fn description(lines: &[String]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = format!("… and {} more", lines.len() - i);
        if out.len() + line.len() + more.len() + 2 > EMBED_DESCRIPTION {
            out.push_str(&more);
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A field cut at line breaks into fields of at most 1,024 characters.
fn split_field(f: &EmbedField) -> Vec<EmbedField> {
    let name = clip(&f.name, FIELD_NAME);
    super::respond::split(&f.value, FIELD_VALUE)
        .into_iter()
        .filter(|v| !v.trim().is_empty())
        .map(|value| EmbedField {
            name: name.clone(),
            value,
            inline: f.inline,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(n: usize, max: u8) -> Menu {
        let mut m = Menu::one("Pick", "/choose options:\"{}\"");
        m.max = max;
        for i in 0..n {
            m = m.option(format!("Option {i}"), i.to_string());
        }
        m
    }

    #[test]
    fn a_long_single_pick_menu_is_paged_by_25() {
        let p = pages(&menu(40, 1));
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].options.len(), 25);
        assert_eq!(p[1].options.len(), 15);
        assert!(p[1].placeholder.ends_with("(26–40 of 40)"));
    }

    #[test]
    fn a_long_multi_pick_menu_keeps_25_and_caps_its_maximum() {
        let p = pages(&menu(30, 30));
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].options.len(), 25);
        assert_eq!(p[0].max, 25);
    }

    #[test]
    fn options_of_one_value_appear_once_and_a_menu_it_cannot_satisfy_is_left_out() {
        let m = Menu::one("Pick", "{}")
            .option("A", "x")
            .option("A again", "x");
        assert_eq!(pages(&m)[0].options.len(), 1);
        let mut two = m.clone();
        two.min = 2;
        two.max = 2;
        assert!(pages(&two).is_empty());
        assert!(pages(&Menu::one("Pick", "{}")).is_empty());
    }

    #[test]
    fn an_embed_over_discords_limits_is_not_built() {
        let field = |n: usize| EmbedField {
            name: format!("Player {n}"),
            value: "x".repeat(900),
            inline: false,
        };
        let fits = Embed {
            title: "Board".into(),
            lines: vec![],
            footer: None,
            image: None,
            fields: (0..5).map(field).collect(),
        };
        assert!(embed_of(&fits).is_some());
        let too_big = Embed {
            fields: (0..8).map(field).collect(),
            ..fits
        };
        assert!(embed_of(&too_big).is_none(), "7,200 characters > 6,000");
    }

    #[test]
    fn a_long_field_goes_on_under_the_same_name() {
        let f = EmbedField {
            name: "Sites".into(),
            value: (0..60)
                .map(|i| format!("Site {i}: a long line of text"))
                .collect::<Vec<_>>()
                .join("\n"),
            inline: false,
        };
        let parts = split_field(&f);
        assert!(parts.len() > 1);
        assert!(
            parts
                .iter()
                .all(|p| p.name == "Sites" && p.value.len() <= 1024)
        );
    }
}
