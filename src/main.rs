use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xfiles_bot::app::{App, Seeds};
use xfiles_bot::store::{self, Store};

/// Play-by-post X-Files card games: a Discord bot and a local console table.
///
/// Without a subcommand it runs the Discord bot when DISCORD_TOKEN is set,
/// and the console table otherwise.
#[derive(Parser)]
#[command(name = "xfiles-bot", version)]
struct Cli {
    /// Database URL: postgres://... or sqlite://PATH (default: DATABASE_URL,
    /// else the embedded SQLite file data/xfiles-bot.sqlite3).
    #[arg(long, global = true, env = "DATABASE_URL")]
    db: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The local console table: read commands from a script or stdin.
    Console {
        /// Seed for new games, for reproducible sessions.
        #[arg(long)]
        seed: Option<u64>,
        /// Read commands from this file instead of stdin.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Print each command line before its messages.
        #[arg(long)]
        echo: bool,
    },
    /// The Discord bot (the default when DISCORD_TOKEN is set). Settings come
    /// from the environment or .env; see .env.example.
    Discord,
    /// The bot as Discord's interactions endpoint (HTTP, no gateway): any
    /// number of replicas on one database, behind a load balancer. Needs
    /// DISCORD_PUBLIC_KEY and DISCORD_APPLICATION_ID besides the token.
    Serve {
        /// Address to listen on (port 0: any free port, logged at start).
        #[arg(long, default_value = "0.0.0.0:8080")]
        listen: std::net::SocketAddr,
    },
    /// Registers the slash commands with Discord (in DISCORD_GUILD_ID's
    /// server, else globally). Run it once per release: `serve` does not.
    Register,
    /// Stored games: check them, or let a bot move in one.
    Game {
        #[command(subcommand)]
        command: GameCommand,
    },
    /// Card data tools.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
    /// Legendary Encounters card data: print the fill-in template of every
    /// card slot, the demo set as one box file, or check a box file.
    Legendary {
        #[command(subcommand)]
        command: LegendaryCommand,
    },
}

#[derive(Subcommand)]
enum LegendaryCommand {
    /// Print the fill-in template (write it to a file and fill it in).
    Template,
    /// Print the demo set as one box file.
    Demo,
    /// Check a box file, listing every problem by card and field.
    Check { file: PathBuf },
}

#[derive(Subcommand)]
enum GameCommand {
    /// Replays games from their action logs and compares with the stored state.
    Verify {
        /// One game's id; every game when omitted.
        id: Option<i64>,
    },
    /// Plays random legal moves in an active game, printing "ack <seq>" after
    /// each committed move (a bot for demos, and the crash tests' worker).
    Autoplay {
        id: i64,
        /// Stop after this many moves (default: until the game ends).
        #[arg(long)]
        moves: Option<u64>,
        /// Seed of the move choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

#[derive(Subcommand)]
enum CardsCommand {
    /// Regenerate cards/ (X-Files CCG sets and the fan card set) from the shared data.
    Import {
        /// The shared data directory (holding xfiles-ccg/sets/*.json and fan-ccg/cards.json).
        #[arg(long, default_value = "../shared/data")]
        from: PathBuf,
        /// The repository's cards directory.
        #[arg(long, default_value = "cards")]
        to: PathBuf,
    },
    /// How many cards of each X-Files CCG set the engine plays: proven (a reviewed script whose
    /// proof passes), scripted, partly, manual.
    Coverage {
        /// Also name every card not proven, by set.
        #[arg(long)]
        names: bool,
        /// As JSON: per set `set`, `official`, `with_text`, `proven`, `scripted`, `partly`, `manual`.
        #[arg(long)]
        json: bool,
    },
    /// Runs card proofs (tests/cards/**/*.proof): the files named, else every embedded proof.
    Prove {
        /// Proof files or folders to read from disk (no rebuild needed to try a new proof).
        files: Vec<PathBuf>,
        /// Read the card scripts from this folder (e.g. cards/xfiles-ccg/scripts) instead of
        /// the embedded ones, to try a script without a rebuild.
        #[arg(long)]
        scripts: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // Before anything reads the environment (and before any thread exists).
    if let Err(e) = xfiles_bot::discord::load_dotenv(std::path::Path::new(".env")) {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    match cli.command {
        Some(Command::Cards {
            command: CardsCommand::Import { from, to },
        }) => import_cards(&from, &to),
        Some(Command::Cards {
            command: CardsCommand::Coverage { names, json },
        }) => {
            println!("{}", xfiles_bot::app::proof::coverage::report(names, json));
            ExitCode::SUCCESS
        }
        Some(Command::Cards {
            command: CardsCommand::Prove { files, scripts },
        }) => match scripts.as_deref().map(load_scripts).transpose() {
            Ok(_) => prove(&files),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Legendary { command }) => legendary(command),
        Some(Command::Console { seed, script, echo }) => {
            runtime.block_on(console(cli.db, seed, script, echo))
        }
        Some(Command::Game { command }) => runtime.block_on(game(cli.db, command)),
        Some(Command::Discord) => runtime.block_on(discord(cli.db, None)),
        Some(Command::Serve { listen }) => runtime.block_on(discord(cli.db, Some(listen))),
        Some(Command::Register) => runtime.block_on(register()),
        None if std::env::var("DISCORD_TOKEN").is_ok_and(|t| !t.trim().is_empty()) => {
            runtime.block_on(discord(cli.db, None))
        }
        None => runtime.block_on(console(cli.db, None, None, false)),
    }
}

/// Reads every `.xfs` file under `dir` and runs this process on them.
fn load_scripts(dir: &std::path::Path) -> Result<(), String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out)?;
            } else if p.extension().is_some_and(|x| x == "xfs") {
                let text =
                    std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
                out.push((p.display().to_string(), text));
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, &mut files)?;
    files.sort();
    use xfiles_bot::engine::xfiles::effects::{ScriptDb, use_scripts};
    let db = ScriptDb::from_files(files)?;
    use_scripts(db);
    Ok(())
}

/// `cards prove`: runs the proofs, prints each failure, and a count.
fn prove(paths: &[PathBuf]) -> ExitCode {
    use xfiles_bot::app::proof;
    let mut files = Vec::new();
    for p in paths {
        collect_proofs(p, &mut files);
    }
    files.sort();
    let proofs: Vec<Result<proof::Proof, proof::Failure>> = if paths.is_empty() {
        proof::embedded().to_vec()
    } else {
        files
            .iter()
            .map(|f| match std::fs::read_to_string(f) {
                Ok(text) => proof::parse(&f.display().to_string(), &text),
                Err(e) => Err(proof::Failure {
                    file: f.display().to_string(),
                    case: String::new(),
                    line: 0,
                    message: format!("cannot read it: {e}"),
                }),
            })
            .collect()
    };
    let (mut passed, mut failed, mut cases) = (0, 0, 0);
    for p in &proofs {
        let failures = match p {
            Ok(p) => {
                let failures = proof::run_all(p);
                cases += p.cases.len() - failures.len();
                failures
            }
            Err(f) => vec![f.clone()],
        };
        for f in &failures {
            println!("FAIL {f}");
        }
        if failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    println!("proofs: {passed} passed, {failed} failed ({cases} cases passed)");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn collect_proofs(path: &std::path::Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for e in std::fs::read_dir(path).into_iter().flatten().flatten() {
            collect_proofs(&e.path(), out);
        }
    } else if path.extension().is_none_or(|x| x == "proof") {
        out.push(path.to_path_buf());
    }
}

fn legendary(command: LegendaryCommand) -> ExitCode {
    use xfiles_bot::engine::legendary::boxfile;
    match command {
        LegendaryCommand::Template => println!("{}", boxfile::template()),
        LegendaryCommand::Demo => println!("{}", boxfile::demo_box()),
        LegendaryCommand::Check { file } => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: cannot read {}: {e}", file.display());
                    return ExitCode::FAILURE;
                }
            };
            match boxfile::read_box(&text) {
                Ok(set) => println!(
                    "No problems: {} ({} distinct cards).",
                    set.name,
                    set.cards.len()
                ),
                Err(errors) => {
                    for e in &errors {
                        println!("{e}");
                    }
                    println!("{} problem(s).", errors.len());
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    ExitCode::SUCCESS
}

fn import_cards(from: &std::path::Path, to: &std::path::Path) -> ExitCode {
    use xfiles_bot::cards::{fan_import, import};
    let xfiles = import::import(&from.join("xfiles-ccg"), &to.join("xfiles-ccg")).map(|report| {
        for note in &report.notes {
            println!("note: {note}");
        }
        println!(
            "imported {} X-Files CCG cards into {}",
            report.cards,
            to.join("xfiles-ccg").display()
        );
    });
    let xfiles = xfiles.and_then(|()| {
        let db = xfiles_bot::cards::CardDb::load_dir(&to.join("xfiles-ccg"))
            .map_err(|e| e.to_string())?;
        let (drafts, reviewed) =
            xfiles_bot::tools::draft::write(&to.join("xfiles-ccg/scripts"), &db)?;
        println!(
            "scripts: {reviewed} reviewed kept, {drafts} drafts written for the cards without one"
        );
        let copies = xfiles_bot::cards::cube::import(
            &from.join("xfiles-ccg/fcu-cube.json"),
            &to.join("cubes/fcu.json"),
            &db,
        )?;
        println!(
            "imported the FCU cube ({copies} cards) into {}",
            to.join("cubes/fcu.json").display()
        );
        Ok(())
    });
    let fan = xfiles.and_then(|()| {
        let n = fan_import::import(
            &from.join("fan-ccg/cards.json"),
            &to.join("fan-ccg/cards.json"),
        )?;
        for note in fan_import::INTERPRETATIONS {
            println!("note (fan): {note}");
        }
        println!(
            "imported {n} fan CCG cards into {}",
            to.join("fan-ccg/cards.json").display()
        );
        Ok(())
    });
    match fan {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn open_store(db: Option<String>) -> Result<Store, String> {
    let url = match db {
        Some(url) => url,
        None => {
            store::sqlite_url(std::path::Path::new(store::DEFAULT_SQLITE_PATH)).map_err(|e| {
                format!(
                    "cannot create the folder of {}: {e}",
                    store::DEFAULT_SQLITE_PATH
                )
            })?
        }
    };
    Store::open(&url).await.map_err(|e| e.to_string())
}

async fn console(
    db: Option<String>,
    seed: Option<u64>,
    script: Option<PathBuf>,
    echo: bool,
) -> ExitCode {
    let store = match open_store(db).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let app = App::new(store, seed.map_or(Seeds::Random, Seeds::Fixed));
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    let failures = match &script {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => {
                let lines: Vec<String> = text.lines().map(str::to_string).collect();
                xfiles_bot::console::run(
                    &app,
                    lines.into_iter(),
                    path.parent(),
                    echo,
                    &mut out,
                    &mut err,
                )
                .await
            }
            Err(e) => {
                eprintln!("error: cannot read the script {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => {
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                eprintln!(
                    "xfiles-bot console — type commands as @you /command options, e.g. @alice /help (Ctrl-D to quit). Database: {}",
                    app.store().url()
                );
            }
            let mut lines = xfiles_bot::console::InputLines::new(std::io::stdin().lock());
            let failures =
                xfiles_bot::console::run(&app, &mut lines, None, echo, &mut out, &mut err).await;
            // A line that is not UTF-8 ends the input as a failure (exit status 2).
            match lines.error() {
                Some(why) => {
                    eprintln!("error: {why}");
                    failures + 1
                }
                None => failures,
            }
        }
    };
    app.store().close().await;
    if failures > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `xfiles-bot register`: the slash commands, registered once.
async fn register() -> ExitCode {
    let registered = match xfiles_bot::discord::Settings::from_env() {
        Ok(settings) => xfiles_bot::discord::register_commands(settings).await,
        Err(e) => Err(e),
    };
    match registered {
        Ok(count) => {
            println!("{count} slash commands registered");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The Discord bot: on the gateway, or as the interactions endpoint on `listen`.
async fn discord(db: Option<String>, listen: Option<std::net::SocketAddr>) -> ExitCode {
    let settings = match xfiles_bot::discord::Settings::from_env() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let store = match open_store(db).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(database = %store.url(), "store open");
    let seeds = settings.seed.map_or(Seeds::Random, Seeds::Fixed);
    let app = App::new(store, seeds).with_schedule(settings.schedule);
    let ran = match listen {
        Some(addr) => xfiles_bot::discord::serve(app, settings, addr).await,
        None => xfiles_bot::discord::run(app, settings).await,
    };
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn game(db: Option<String>, command: GameCommand) -> ExitCode {
    let store = match open_store(db).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let app = App::new(store, Seeds::Random);
    let code = match command {
        GameCommand::Verify { id } => verify(&app, id).await,
        GameCommand::Autoplay { id, moves, seed } => autoplay(&app, id, moves, seed).await,
    };
    app.store().close().await;
    code
}

async fn verify(app: &App, id: Option<i64>) -> ExitCode {
    let ids = match id {
        Some(id) => vec![id],
        None => match app.store().game_ids(None).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let mut broken = 0;
    for id in &ids {
        match app.verify(*id).await {
            Ok(xfiles_bot::app::Verdict::Consistent { actions }) => {
                println!("game #{id}: ok ({actions} actions replayed)")
            }
            Ok(xfiles_bot::app::Verdict::Broken(why)) => {
                broken += 1;
                println!("{why}");
            }
            Err(e) => {
                broken += 1;
                println!("game #{id}: {e}");
            }
        }
    }
    println!("{} games checked, {broken} inconsistent", ids.len());
    if broken == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

async fn autoplay(app: &App, id: i64, moves: Option<u64>, seed: u64) -> ExitCode {
    use std::io::Write;
    let run: u64 = rand::random();
    let mut rng = seed;
    let mut done = 0u64;
    while moves.is_none_or(|m| done < m) {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let key = format!("autoplay-{run:x}-{done}");
        match app
            .autoplay_step(id, &key, rng >> 16, xfiles_bot::console::now_ms())
            .await
        {
            Ok(Some(seq)) => {
                println!("ack {seq}");
                let _ = std::io::stdout().flush();
                done += 1;
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("error: {}", e.message);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
