use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Play-by-post X-Files card games: a Discord bot and a local console table.
#[derive(Parser)]
#[command(name = "xfiles-bot", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Card data tools.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
}

#[derive(Subcommand)]
enum CardsCommand {
    /// Regenerate cards/xfiles-ccg from the community card database.
    Import {
        /// The community data directory (holding sets/*.json).
        #[arg(long, default_value = "../shared/data/xfiles-ccg")]
        from: PathBuf,
        /// Where to write the canonical set files.
        #[arg(long, default_value = "cards/xfiles-ccg")]
        to: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Cards {
            command: CardsCommand::Import { from, to },
        }) => match xfiles_bot::cards::import::import(&from, &to) {
            Ok(report) => {
                for note in &report.notes {
                    println!("note: {note}");
                }
                println!("imported {} cards into {}", report.cards, to.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        None => ExitCode::SUCCESS,
    }
}
