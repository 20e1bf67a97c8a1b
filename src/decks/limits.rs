//! How big a deck list xfiles-bot reads. An upload may be 512 KB (the most
//! the Discord adapter accepts) and every card line costs a fuzzy name
//! lookup, so a list's size is checked before any name is looked up: a list
//! past these limits is refused at once, whatever it holds, and a list
//! within them costs at most [`MAX_LINES`] lookups of short names.
//!
//! Decks hold about a hundred cards: an X-Files CCG deck is a team of
//! Agents, candidate X-Files and a Bureau deck of 60 cards or more with at
//! most 2 copies of a card (Advanced Rules pp. 5-6; the rules set no upper
//! size, and decks are played at 60 to 80); a Fan CCG deck is its
//! environment cards, 39 to 65 draw cards and a sideboard of at most 13. The
//! limits leave room for every such deck, written one copy a line with
//! sections and comments, many times over.

/// Lines that are not blank (comments and section names count): a deck
/// written one copy a line is a hundred lines or so, a GCCG export fewer.
pub const MAX_LINES: usize = 1000;

/// Copies on one line: more than any legal deck holds of one card, the most
/// being a Fan CCG card without a limit (65 in the draw deck and 13 in the
/// sideboard); 60 would refuse such a deck. It was already the text and
/// GCCG formats' largest count.
pub const MAX_COPIES: u32 = 99;

/// Cards in the whole list: ten times the decks people play, and what keeps
/// a list of [`MAX_LINES`] lines of [`MAX_COPIES`] copies (99,000 cards)
/// from being saved.
pub const MAX_CARDS: u32 = 1000;

/// Characters on a card line (comments are not limited): the longest a deck
/// needs is a GCCG line naming its printing by id, about 81 (a count, the
/// longest title at 64 characters and `(XF96-0063v1)`). A name's lookup
/// costs in proportion to its words, so this bounds each line's cost.
pub const MAX_LINE_CHARS: usize = 100;

/// Refuses a list of more than [`MAX_LINES`] lines that are not blank.
pub fn check_lines(text: &str) -> Result<(), String> {
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if lines <= MAX_LINES {
        return Ok(());
    }
    Err(format!(
        "the list has {lines} lines (not counting blank ones); a deck list may have at most {MAX_LINES}. A deck holds about a hundred cards: write each card once with its number of copies ('2 Aubrey, MO'), and check that this is the deck file you meant"
    ))
}

/// Refuses a list of more than [`MAX_CARDS`] cards in all.
pub fn check_cards(total: u64) -> Result<(), String> {
    if total <= u64::from(MAX_CARDS) {
        return Ok(());
    }
    Err(format!(
        "the list holds {total} cards; a deck list may hold at most {MAX_CARDS}, and a deck holds about a hundred: check the numbers of copies"
    ))
}

/// Refuses a card line longer than [`MAX_LINE_CHARS`] characters.
pub fn check_line(line: &str) -> Result<(), String> {
    let chars = line.chars().count();
    if chars <= MAX_LINE_CHARS {
        return Ok(());
    }
    Err(format!(
        "the line has {chars} characters; a card line is a number of copies and one card's name or id, at most {MAX_LINE_CHARS} characters"
    ))
}

/// Why a line's count of more than [`MAX_COPIES`] is refused (the line is
/// at most [`MAX_LINE_CHARS`] characters, so it is quoted whole).
pub fn too_many_copies(line: &str) -> String {
    format!(
        "'{line}' has more copies than one line may hold: at most {MAX_COPIES}, more than any legal deck holds of one card; correct the number"
    )
}
