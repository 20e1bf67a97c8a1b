//! An outgoing message's extras in Discord's shapes and limits: buttons and
//! select menus as action rows (each custom id unique in its message), the
//! embed, the attachments. What does not fit is left out; the message's
//! text always says the same in words.

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
const BUTTON_LABEL: usize = 80;
const MENU_OPTIONS: usize = 25;
const MENU_TEXT: usize = 100;
const PLACEHOLDER: usize = 150;

/// Discord's embed limits.
const EMBED_TITLE: usize = 256;
const EMBED_FOOTER: usize = 2048;
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

/// An action row before its custom ids are given, its texts already within
/// Discord's limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// A select menu (or a page of a longer one).
    Menu(Menu),
    /// At most five buttons.
    Buttons(Vec<Button>),
}

/// A message's action rows: menus first (a row each), then buttons five a
/// row, five rows at most; a command on several buttons gets one.
pub fn rows(buttons: &[Button], menus: &[Menu]) -> Vec<Row> {
    let mut unique: Vec<Button> = Vec::new();
    for b in buttons {
        if !unique.iter().any(|u| u.command == b.command) {
            unique.push(Button {
                label: clip(&b.label, BUTTON_LABEL),
                command: b.command.clone(),
            });
        }
    }
    let button_rows = unique.len().div_ceil(BUTTONS_A_ROW).min(ROWS);
    let mut out = Vec::new();
    for menu in menus.iter().flat_map(pages) {
        if out.len() + button_rows >= ROWS {
            break;
        }
        out.push(Row::Menu(menu));
    }
    for chunk in unique.chunks(BUTTONS_A_ROW).take(ROWS - out.len()) {
        out.push(Row::Buttons(chunk.to_vec()));
    }
    out
}

/// The rows as Discord's components.
pub async fn components(bot: &Bot, buttons: &[Button], menus: &[Menu]) -> Vec<CreateActionRow> {
    let mut used = Vec::new();
    let mut out = Vec::new();
    for row in rows(buttons, menus) {
        match row {
            Row::Menu(menu) => {
                let id = unique_id(bot, &menu.command, &mut used).await;
                out.push(CreateActionRow::SelectMenu(select(bot, id, &menu).await));
            }
            Row::Buttons(list) => {
                let mut shown = Vec::new();
                for b in list {
                    let id = unique_id(bot, &b.command, &mut used).await;
                    shown.push(
                        CreateButton::new(id)
                            .label(b.label)
                            .style(ButtonStyle::Secondary),
                    );
                }
                out.push(CreateActionRow::Buttons(shown));
            }
        }
    }
    out
}

/// A custom id no other component of the message has (Discord refuses a
/// message that repeats one): a command met again, as by a paged menu's
/// later pages, is stored under an id of its own.
async fn unique_id(bot: &Bot, command: &str, used: &mut Vec<String>) -> String {
    let mut id = bot.button_id(command).await;
    let mut n = 0;
    while used.contains(&id) {
        n += 1;
        id = bot
            .stored_under("b", &format!("{command}\n{n}"), command)
            .await;
    }
    used.push(id.clone());
    id
}

/// A menu within Discord's 25 options: options of the same value once; a
/// longer single-pick menu in pages of 25, a longer multi-pick menu cut to
/// its first 25 (none when that cannot satisfy its minimum). Labels,
/// descriptions and the placeholder are clipped to Discord's lengths (an
/// option without a label shows its value).
fn pages(menu: &Menu) -> Vec<Menu> {
    let mut options: Vec<MenuOption> = Vec::new();
    for o in &menu.options {
        if !options.iter().any(|x| x.value == o.value) {
            let label = if o.label.trim().is_empty() {
                &o.value
            } else {
                &o.label
            };
            options.push(MenuOption {
                label: clip(label, MENU_TEXT),
                value: o.value.clone(),
                description: o.description.as_deref().map(|d| clip(d, MENU_TEXT)),
            });
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
        let page = if paged {
            let first = i * MENU_OPTIONS + 1;
            format!(
                " ({first}–{} of {})",
                first + chunk.len() - 1,
                options.len()
            )
        } else {
            String::new()
        };
        let room = PLACEHOLDER - page.chars().count();
        out.push(Menu {
            placeholder: format!("{}{page}", clip(&menu.placeholder, room)),
            command: menu.command.clone(),
            options: chunk.to_vec(),
            min: menu.min,
            max: menu.max.clamp(1, n),
        });
    }
    out
}

/// One select menu (a page from [`pages`]) under custom id `id`, each
/// option's value as is (stored when empty or over Discord's 100
/// characters).
async fn select(bot: &Bot, id: String, menu: &Menu) -> CreateSelectMenu {
    let mut options = Vec::new();
    for o in &menu.options {
        let value = if o.value.is_empty() || o.value.len() > MENU_TEXT {
            bot.value_id(&o.value).await
        } else {
            o.value.clone()
        };
        let mut option = CreateSelectMenuOption::new(o.label.clone(), value);
        if let Some(d) = &o.description {
            option = option.description(d.clone());
        }
        options.push(option);
    }
    CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
        .placeholder(menu.placeholder.clone())
        .min_values(menu.min)
        .max_values(menu.max)
}

/// The embed within Discord's limits, or `None` when it cannot fit (the
/// message's text is shown instead). A field too long for one field goes on
/// in the next, under the same name.
pub fn embed_of(e: &Embed) -> Option<CreateEmbed> {
    let description = description(&e.lines);
    let title = clip(&e.title, EMBED_TITLE);
    let footer = e.footer.as_deref().map(|f| clip(f, EMBED_FOOTER));
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
    super::limits::split(&f.value, FIELD_VALUE)
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
    fn rows_keep_discords_limits_on_rows_buttons_menus_and_their_texts() {
        let button = |i: usize| Button {
            label: "L".repeat(120),
            command: format!("/play card:{i}"),
        };
        let mut long = menu(60, 1);
        long.placeholder = "P".repeat(300);
        for o in &mut long.options {
            o.label = "é".repeat(150);
            o.description = Some("d".repeat(150));
        }
        let many: Vec<Button> = (0..40).map(button).collect();
        let some: Vec<Button> = (0..7).map(button).collect();
        let menus = [long.clone(), long];
        for (buttons, menu_rows) in [(&many, 0), (&some, 3)] {
            let shown = rows(buttons, &menus);
            assert_eq!(shown.len(), 5, "five rows at most");
            let paged = shown.iter().filter(|r| matches!(r, Row::Menu(_))).count();
            assert_eq!(paged, menu_rows, "menus give way to buttons");
            for row in &shown {
                match row {
                    Row::Menu(m) => {
                        assert!((1..=MENU_OPTIONS).contains(&m.options.len()));
                        assert!(m.placeholder.chars().count() <= PLACEHOLDER);
                        assert!(m.placeholder.ends_with(" of 60)"), "{}", m.placeholder);
                        assert!(m.min <= m.max && usize::from(m.max) <= m.options.len());
                        for o in &m.options {
                            assert!(o.label.chars().count() <= MENU_TEXT);
                            let d = o.description.as_deref().unwrap_or_default();
                            assert!(d.chars().count() <= MENU_TEXT);
                        }
                    }
                    Row::Buttons(b) => {
                        assert!((1..=BUTTONS_A_ROW).contains(&b.len()));
                        assert!(b.iter().all(|b| b.label.chars().count() <= BUTTON_LABEL));
                    }
                }
            }
        }
    }

    #[test]
    fn a_command_on_two_buttons_gets_one_and_a_blank_option_shows_its_value() {
        let twice = [
            Button {
                label: "Hand".into(),
                command: "/hand game:1".into(),
            },
            Button {
                label: "My hand".into(),
                command: "/hand game:1".into(),
            },
        ];
        assert_eq!(rows(&twice, &[]), [Row::Buttons(vec![twice[0].clone()])]);
        let blank = Menu::one("Pick", "{}").option("", "Skinner");
        assert_eq!(pages(&blank)[0].options[0].label, "Skinner");
    }

    #[test]
    fn an_embeds_title_description_and_footer_are_clipped_to_discords_lengths() {
        let long = Embed {
            title: "T".repeat(300),
            lines: (0..400).map(|i| format!("line {i}: é and more")).collect(),
            footer: None,
            image: None,
            fields: vec![],
        };
        let v = serde_json::to_value(embed_of(&long).expect("fits once clipped")).unwrap();
        assert_eq!(v["title"].as_str().unwrap().chars().count(), EMBED_TITLE);
        let d = v["description"].as_str().unwrap();
        assert!(d.chars().count() <= EMBED_DESCRIPTION, "{}", d.len());
        assert!(d.ends_with(" more"), "the lines left out are counted");
        let footed = Embed {
            title: "Board".into(),
            lines: vec![],
            footer: Some("f".repeat(3000)),
            ..long
        };
        let v = serde_json::to_value(embed_of(&footed).unwrap()).unwrap();
        let footer = v["footer"]["text"].as_str().unwrap();
        assert_eq!(footer.chars().count(), EMBED_FOOTER);
    }

    #[test]
    fn an_embed_of_more_than_25_fields_is_not_built() {
        let fields = (0..26)
            .map(|i| EmbedField {
                name: format!("Field {i}"),
                value: "x".into(),
                inline: true,
            })
            .collect();
        let e = Embed {
            title: "Board".into(),
            lines: vec![],
            footer: None,
            image: None,
            fields,
        };
        assert!(embed_of(&e).is_none());
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
