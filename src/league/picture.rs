//! The standings as a picture (PNG): a table of the standings above a plot
//! of each member's rating after every round, drawn with plotters on an
//! RGB buffer and encoded with the png crate. The font (DejaVu Sans
//! Condensed, `assets/fonts`, its licence beside it) is embedded.

use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};

/// One row of the table, already worded.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub rank: usize,
    pub name: String,
    pub points: u32,
    pub record: String,
    pub omw: f64,
    pub rating: f64,
}

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
const WIDTH: u32 = 900;
const ROW: u32 = 26;
const PLOT: u32 = 320;
/// The plot shows at most this many members (the top of the table).
const PLOTTED: usize = 8;

fn font() -> &'static str {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if register_font("sans-serif", FontStyle::Normal, FONT).is_err() {
            panic!("the embedded font does not load");
        }
    });
    "sans-serif"
}

/// The picture: `title`, the table `rows` (the first 30), and the rating
/// of each of the top members after each round (`history[i]` is the i-th
/// row's member, one value a round).
pub fn standings_png(title: &str, rows: &[Row], history: &[Vec<f64>]) -> Vec<u8> {
    let shown = rows.len().min(30);
    let height = 60 + ROW * (shown as u32 + 1) + 20 + PLOT;
    let mut buf = vec![0u8; (WIDTH * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (WIDTH, height)).into_drawing_area();
        draw(&root, title, &rows[..shown], history).expect("drawing on a buffer cannot fail");
        root.present().expect("a buffer presents");
    }
    encode(&buf, WIDTH, height)
}

fn draw(
    root: &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    title: &str,
    rows: &[Row],
    history: &[Vec<f64>],
) -> Result<(), Box<dyn std::error::Error>> {
    let f = font();
    root.fill(&WHITE)?;
    root.draw(&Text::new(
        title.to_string(),
        (20, 18),
        (f, 26).into_font().color(&BLACK),
    ))?;
    let header = (f, 17).into_font().color(&RGBColor(90, 90, 90));
    let cell = (f, 17).into_font().color(&BLACK);
    let columns: [(i32, &str); 6] = [
        (20, "#"),
        (60, "Player"),
        (420, "Points"),
        (510, "W-L-D"),
        (640, "OMW"),
        (740, "Rating"),
    ];
    let top = 60;
    for (x, label) in columns {
        root.draw(&Text::new(label, (x, top), header.clone()))?;
    }
    for (i, r) in rows.iter().enumerate() {
        let y = top + ROW as i32 * (i as i32 + 1);
        if i % 2 == 0 {
            root.draw(&Rectangle::new(
                [(10, y - 4), (WIDTH as i32 - 10, y + ROW as i32 - 6)],
                RGBColor(240, 242, 248).filled(),
            ))?;
        }
        let texts = [
            r.rank.to_string(),
            r.name.chars().take(30).collect(),
            r.points.to_string(),
            r.record.clone(),
            format!("{:.0}%", r.omw * 100.0),
            format!("{:.0}", r.rating),
        ];
        for ((x, _), t) in columns.iter().zip(texts) {
            root.draw(&Text::new(t, (*x, y), cell.clone()))?;
        }
    }
    let plot_top = top + ROW as i32 * (rows.len() as i32 + 1) + 20;
    let (_, lower) = root.split_vertically(plot_top);
    plot_ratings(&lower, rows, history)
}

fn plot_ratings(
    area: &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    rows: &[Row],
    history: &[Vec<f64>],
) -> Result<(), Box<dyn std::error::Error>> {
    let f = font();
    let series: Vec<(&Row, &Vec<f64>)> = rows.iter().zip(history).take(PLOTTED).collect();
    let rounds = series
        .iter()
        .map(|(_, h)| h.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let values = series.iter().flat_map(|(_, h)| h.iter().copied());
    let (lo, hi) = values.fold((1500.0f64, 1500.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let mut chart = ChartBuilder::on(area)
        .margin(15)
        .caption("Rating after each round", (f, 18))
        .x_label_area_size(28)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..rounds as f64, (lo - 40.0)..(hi + 40.0))?;
    chart
        .configure_mesh()
        .x_desc("round")
        .label_style((f, 14))
        .x_labels(rounds.min(12) + 1)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    for (i, (row, h)) in series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        let points = std::iter::once((0.0, 1500.0))
            .chain(h.iter().enumerate().map(|(r, v)| ((r + 1) as f64, *v)));
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))?
            .label(row.name.chars().take(20).collect::<String>())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((f, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

fn encode(rgb: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("a PNG header writes to memory");
        w.write_image_data(rgb).expect("the image writes to memory");
    }
    out
}
