//! Play one power in the terminal against random bots for the others.
//!
//! ```text
//! cargo run --release --features serde --example play -- --power france --seed 7
//! ```
//!
//! Flags: `--power NAME` (the power you play, by id: `ottoman`, `hapsburg`,
//! `england`, `france`, `papacy`, `protestant`; default `protestant`),
//! `--seed S` (the game's seed; the bots' choices follow from it too),
//! `--scenario 1517|1532|2p`, `--board PATH` (see below), `--ask-all`
//! (also ask you the response windows where you can only decline; by
//! default they are declined for you, with a line saying so), `--help`.
//!
//! At each of your decisions the screen shows the decision, a deal's terms
//! when you are asked to accept one, and the numbered legal actions in
//! English with their text notation and, when you spend CP, their cost.
//! Type a number, an action's text notation (`move_to orleans`) or its
//! English as shown (`move to Orléans`), or a command: `hand` (your cards
//! and what they do), `card NAME` (what a card does: its name, number or
//! id), `summary` (the position and your hand), `save FILE`, `load FILE`
//! (the game as JSON), `help`, `quit`. What the bots do, and what your
//! actions set off, is printed one event a line, as your power may see it
//! (`Game::describe_action_for`, `Event::seen_by`): another power's secret
//! choices (a Diet of Worms pick, a card given, a deal's terms) and the
//! cards drawn between other hands are not named.
//!
//! Built with `--features serde,svg`, it writes `board.svg` in the current
//! folder (or the file `--board PATH` names) before each of your decisions:
//! the board as your power sees it (`Observation::board_svg`), to open in a
//! browser and reload.

use std::io::{BufRead, Write};

use here_i_stand::{Action, Card, Decider, DecisionKind, Event, Game, Power, Scenario, SeenBy, Setup};

struct Options {
    power: Power,
    seed: u64,
    scenario: Scenario,
    /// Where to write the picture of the board (with the `svg` feature).
    board: std::path::PathBuf,
    /// Ask the person even where declining is all it can do.
    ask_all: bool,
}

const USAGE: &str = "usage: play [--power NAME] [--seed S] [--scenario 1517|1532|2p] [--board FILE.svg] [--ask-all]";

/// The options, or `None` when `--help` asked for the usage.
fn parse_options() -> Result<Option<Options>, String> {
    let mut options = Options {
        power: Power::Protestant,
        seed: 1,
        scenario: Scenario::Y1517,
        board: "board.svg".into(),
        ask_all: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--power" => options.power = value()?.parse().map_err(|e| format!("--power: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--scenario" => options.scenario = value()?.parse().map_err(|e| format!("--scenario: {e}"))?,
            "--board" => options.board = value()?.into(),
            "--ask-all" => options.ask_all = true,
            "--help" | "-h" => return Ok(None),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let two_player = options.scenario == Scenario::TwoPlayer;
    if two_player && !matches!(options.power, Power::Papacy | Power::Protestant) {
        return Err("the two-player game has the Papacy and the Protestant only".into());
    }
    Ok(Some(options))
}

/// The bots' dice: a xorshift generator seeded from the game's seed.
struct Bots(u64);

impl Bots {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Applies `action` and prints, one a line, what `me` may see of the
/// events it set off (`Event::seen_by`: a card another power draws from a
/// third hand is "a card"); after a hand `me` reviewed in secret, the cards
/// it saw there.
fn apply_and_narrate(game: &mut Game, me: Power, action: Action) -> Result<(), here_i_stand::IllegalAction> {
    let mut seen = Vec::new();
    let players = game.players();
    game.apply_logged(action, &mut SeenBy::new(me, players, &mut seen))?;
    for event in seen {
        println!("    {event}");
        if let Event::HandReviewed { viewer, power } = event {
            if players.same_player(viewer, me) {
                let hand = game.observation(me).board().hand(power);
                let cards: Vec<&str> = hand.iter().map(|c| c.name()).collect();
                println!("    (you see in {power}'s hand: {})", cards.join(", "));
            }
        }
    }
    Ok(())
}

/// What the person asked for at a prompt.
enum Command {
    Act(Action),
    Summary,
    Hand,
    Card(String),
    Save(String),
    Load(String),
    Help,
    Quit,
}

fn parse_command(line: &str, actions: &[Action]) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').map_or((line, ""), |(w, r)| (w, r.trim()));
    match word {
        "summary" => Ok(Command::Summary),
        "hand" => Ok(Command::Hand),
        "card" if rest.is_empty() => Err("card needs a card's name, number or id".into()),
        "card" => Ok(Command::Card(rest.into())),
        "help" | "?" => Ok(Command::Help),
        "quit" | "exit" => Ok(Command::Quit),
        "save" | "load" if rest.is_empty() => Err(format!("{word} needs a file name")),
        "save" => Ok(Command::Save(rest.into())),
        "load" => Ok(Command::Load(rest.into())),
        _ => {
            if let Ok(n) = line.parse::<usize>() {
                return n
                    .checked_sub(1)
                    .and_then(|i| actions.get(i))
                    .map(|&a| Command::Act(a))
                    .ok_or(format!("choose 1 to {}", actions.len()));
            }
            match line.parse::<Action>().or_else(|_| Action::from_description(line)) {
                Ok(action) if actions.contains(&action) => Ok(Command::Act(action)),
                Ok(action) => Err(format!("{action} is not legal now")),
                Err(_) => Err(format!("not a number, an action or a command: {line:?} (type help)")),
            }
        }
    }
}

/// Writes the board as `me` sees it to `path`, and says where.
#[cfg(feature = "svg")]
fn write_board(game: &Game, me: Power, path: &std::path::Path) {
    match std::fs::write(path, game.observation(me).board_svg(Default::default())) {
        Ok(()) => {
            let shown = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            println!("(the board: {})", shown.display());
        }
        Err(err) => println!("(could not write {}: {err})", path.display()),
    }
}

#[cfg(not(feature = "svg"))]
fn write_board(_game: &Game, _me: Power, _path: &std::path::Path) {}

fn show_decision(game: &Game, actions: &[Action]) {
    println!();
    let pending = game.pending();
    println!("Turn {}, {} phase. {pending}", game.turn(), game.phase().name());
    if let Some(deal) = pending.deal {
        let terms = deal.describe(game);
        println!("The deal between {} and {}:", deal.proposer, deal.recipient);
        if terms.is_empty() {
            println!("  nothing yet");
        }
        for term in terms {
            println!("  - {term}");
        }
    }
    for (i, action) in actions.iter().enumerate() {
        let cost = game.spend_cost(*action).map(|cp| format!(", {cp} CP")).unwrap_or_default();
        println!("  {:>3}. {}  [{action}{cost}]", i + 1, action.describe());
    }
}

/// A card by its name (in part, any case), number ("#12" or "12") or id.
fn find_card(text: &str) -> Result<Card, String> {
    let text = text.trim().trim_start_matches('#');
    if let Ok(number) = text.parse::<u16>() {
        return Card::ALL.into_iter().find(|c| c.number() == number).ok_or(format!("no card #{number}"));
    }
    if let Ok(card) = text.parse::<Card>() {
        return Ok(card);
    }
    let lower = text.to_lowercase();
    let matching: Vec<Card> = Card::ALL.into_iter().filter(|c| c.name().to_lowercase().contains(&lower)).collect();
    match matching.as_slice() {
        [card] => Ok(*card),
        [] => Err(format!("no card is called {text:?}")),
        many => match many.iter().find(|c| c.name().to_lowercase() == lower) {
            Some(card) => Ok(*card),
            None => Err(format!(
                "{text:?} could be {}",
                many.iter().map(|c| c.name()).take(6).collect::<Vec<_>>().join(", ")
            )),
        },
    }
}

/// A card on one line, then what it does.
fn card_lines(card: Card) -> String {
    format!("#{} {} ({} CP, {}): {}", card.number(), card.name(), card.cp(), card.kind(), card.text())
}

/// The person's hand, a card a line.
fn show_hand(game: &Game, me: Power) {
    let hand = game.hand(me);
    println!("Your hand ({} cards):", hand.len());
    for card in hand.iter() {
        println!("  {}", card_lines(card));
    }
}

const HELP: &str = "Type the number of an action, or its text (move_to orleans), or: \
                    hand | card NAME | summary | save FILE | load FILE | help | quit";

fn save(game: &Game, path: &str) -> Result<(), String> {
    let json = serde_json::to_string(game).map_err(|e| e.to_string())?;
    std::fs::write(path, json).map_err(|e| e.to_string())
}

fn load(path: &str) -> Result<Game, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

fn main() {
    let options = match parse_options() {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("Play one power in the terminal against random bots.\n{USAGE}");
            return;
        }
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let mut game = Game::new(Setup::new(options.scenario, options.seed));
    let mut bots = Bots(options.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let me = options.power;
    println!("You play {me} ({HELP}).");
    let mut input = std::io::stdin().lock().lines();
    // Decisions taken, and how many the last picture of the board shows.
    let (mut taken, mut drawn) = (0u64, None);
    loop {
        let actions = game.legal_actions();
        match game.decider() {
            Decider::Terminal(outcome) => {
                println!("{outcome}");
                break;
            }
            Decider::Nobody => game.run_automatic(),
            Decider::Power(power) if power != me => {
                let action = actions[bots.pick(actions.len())];
                // Only what the person may see: a secret pick is "pick a
                // card for the Diet of Worms" until the Diet reveals it.
                println!("{power}: {}", game.describe_action_for(me, action));
                if let Err(err) = apply_and_narrate(&mut game, me, action) {
                    eprintln!("a listed action was refused: {err}");
                    std::process::exit(1);
                }
                taken += 1;
            }
            Decider::Power(_) if !options.ask_all && only_decline(&game, &actions) => {
                println!("{me}: nothing to play: declined ({})", game.pending());
                if let Err(err) = apply_and_narrate(&mut game, me, Action::Decline) {
                    eprintln!("a listed action was refused: {err}");
                    std::process::exit(1);
                }
                taken += 1;
            }
            Decider::Power(_) => {
                if drawn != Some(taken) {
                    write_board(&game, me, &options.board);
                    drawn = Some(taken);
                }
                show_decision(&game, &actions);
                print!("> ");
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = input.next() else { break };
                match parse_command(&line, &actions) {
                    Ok(Command::Act(action)) => {
                        println!("{me}: {}", action.describe());
                        match apply_and_narrate(&mut game, me, action) {
                            Ok(()) => taken += 1,
                            Err(err) => println!("refused: {err}"),
                        }
                    }
                    Ok(Command::Summary) => {
                        print!("{}", game.summary());
                        show_hand(&game, me);
                    }
                    Ok(Command::Hand) => show_hand(&game, me),
                    Ok(Command::Card(name)) => match find_card(&name) {
                        Ok(card) => println!("{}", card_lines(card)),
                        Err(message) => println!("{message}"),
                    },
                    Ok(Command::Save(path)) => match save(&game, &path) {
                        Ok(()) => println!("saved to {path}"),
                        Err(err) => println!("could not save: {err}"),
                    },
                    Ok(Command::Load(path)) => match load(&path) {
                        Ok(loaded) => {
                            game = loaded;
                            taken += 1;
                            println!("loaded {path}");
                        }
                        Err(err) => println!("could not load: {err}"),
                    },
                    Ok(Command::Help) => println!("{HELP}"),
                    Ok(Command::Quit) => break,
                    Err(message) => println!("{message}"),
                }
            }
        }
    }
}

/// A response window (§6.1) or a card window of a battle where the person
/// can only decline: answered for them unless `--ask-all`.
fn only_decline(game: &Game, actions: &[Action]) -> bool {
    actions == [Action::Decline] && matches!(game.pending().kind, DecisionKind::Response | DecisionKind::CombatCards)
}
