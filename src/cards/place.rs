//! Where a Site is: its state (or region), read from its title ("Aubrey,
//! MO", "Townsend WI.", "Rural West Virginia"), for cards that care whether
//! two Sites are in the same state (Driving).

const STATES: &[(&str, &str)] = &[
    ("alabama", "AL"),
    ("alaska", "AK"),
    ("arizona", "AZ"),
    ("arkansas", "AR"),
    ("california", "CA"),
    ("colorado", "CO"),
    ("connecticut", "CT"),
    ("delaware", "DE"),
    ("district of columbia", "DC"),
    ("d c", "DC"),
    ("florida", "FL"),
    ("georgia", "GA"),
    ("hawaii", "HI"),
    ("idaho", "ID"),
    ("illinois", "IL"),
    ("indiana", "IN"),
    ("iowa", "IA"),
    ("kansas", "KS"),
    ("kentucky", "KY"),
    ("louisiana", "LA"),
    ("maine", "ME"),
    ("maryland", "MD"),
    ("massachusetts", "MA"),
    ("michigan", "MI"),
    ("minnesota", "MN"),
    ("mississippi", "MS"),
    ("missouri", "MO"),
    ("montana", "MT"),
    ("nebraska", "NE"),
    ("nevada", "NV"),
    ("new hampshire", "NH"),
    ("new jersey", "NJ"),
    ("new mexico", "NM"),
    ("new york", "NY"),
    ("north carolina", "NC"),
    ("north dakota", "ND"),
    ("ohio", "OH"),
    ("oklahoma", "OK"),
    ("oregon", "OR"),
    ("pennsylvania", "PA"),
    ("rhode island", "RI"),
    ("south carolina", "SC"),
    ("south dakota", "SD"),
    ("tennessee", "TN"),
    ("texas", "TX"),
    ("utah", "UT"),
    ("vermont", "VT"),
    ("west virginia", "WV"),
    ("virginia", "VA"),
    ("washington", "WA"),
    ("wisconsin", "WI"),
    ("wyoming", "WY"),
    ("puerto rico", "PR"),
    ("hong kong", "Hong Kong"),
];

/// The state of a Site by its title: a two-letter code for the United
/// States, the place's own name elsewhere ("Norway"); None when the title
/// names no place (Tracking The Killer).
pub fn site_state(title: &str) -> Option<String> {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let last = title.rsplit(',').next().unwrap_or(title);
    if let Some(code) = words(last).last().filter(|w| is_code(w)) {
        return Some(code.clone());
    }
    let lower = format!(" {} ", words(&title.to_lowercase()).join(" "));
    if let Some((_, code)) = STATES
        .iter()
        .find(|(n, _)| lower.contains(&format!(" {n} ")))
    {
        return Some((*code).to_string());
    }
    title
        .contains(',')
        .then(|| last.trim().trim_end_matches('.').to_string())
        .filter(|s| !s.is_empty())
}

fn is_code(w: &str) -> bool {
    w.len() == 2 && w.chars().all(|c| c.is_ascii_uppercase()) && STATES.iter().any(|(_, c)| *c == w)
}

#[cfg(test)]
mod tests {
    use super::site_state;

    #[test]
    fn the_state_is_read_from_every_form_of_title() {
        let cases = [
            ("Aubrey, MO", Some("MO")),
            ("Townsend WI.", Some("WI")),
            ("Raleigh NC.", Some("NC")),
            ("Broad Street, Philadelphia, PA", Some("PA")),
            ("Rural West Virginia", Some("WV")),
            ("Fairfax, Virginia", Some("VA")),
            ("Washington, D.C.", Some("DC")),
            ("Coastal Northwest Oregon", Some("OR")),
            ("Lake Okobogee, Campsite #53 Sioux City IA.", Some("IA")),
            ("Oslo, Norway", Some("Norway")),
            ("Hong Kong", Some("Hong Kong")),
            ("Tracking The Killer", None),
        ];
        for (title, want) in cases {
            assert_eq!(site_state(title).as_deref(), want, "{title}");
        }
    }
}
