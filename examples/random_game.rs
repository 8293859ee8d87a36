//! Plays whole games with uniformly random legal actions and prints what
//! happened: per game the seed, turns played, the winner and how, the number
//! of decisions, the battles and the religious struggle; then the summary
//! lines (speed; war; religion; voyages and foreign wars started; deals;
//! the diplomacy-phase card events; events; responses).
//! `--narrate` prints every event of the first game, one English line
//! each, before its result. `--fast` turns on `Setup::fast_play` (response
//! windows ask only the powers holding a usable card: it reveals hands, for
//! trainers). `--players 3|4|5` plays the games where one player holds
//! several powers (§3.1, the standard assignments of `Players::standard`).
//! `--svg DIR` (built with `--features svg`) writes a picture of the board
//! (`Game::board_svg`) at the start of each turn of the first game,
//! `DIR/turn-NN.svg`, and at its end, `DIR/end.svg`.
//!
//! ```text
//! cargo run --release --example random_game -- --games 100 --seed 1 --scenario 1517 --quiet
//! cargo run --release --example random_game -- --games 1 --seed 7 --narrate
//! cargo run --release --example random_game --features svg -- --games 1 --svg out
//! ```

use std::io::Write;
use std::time::Instant;

use here_i_stand::rules;
use here_i_stand::{Action, Card, CardKind, Decider, DecisionKind, EnumSet, Event, Game, Players, Scenario, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A game taking more decisions than this has stalled.
const MAX_DECISIONS: u64 = 1_000_000;

struct Options {
    games: u64,
    seed: u64,
    scenario: Scenario,
    quiet: bool,
    narrate: bool,
    fast: bool,
    /// 3, 4 or 5 for the games where one player holds several powers (§3.1).
    players: usize,
    /// Where to write the first game's pictures (`--svg DIR`).
    svg: Option<std::path::PathBuf>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        games: 10,
        seed: 1,
        scenario: Scenario::Y1517,
        quiet: false,
        narrate: false,
        fast: false,
        players: 6,
        svg: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--scenario" => options.scenario = value()?.parse().map_err(|e| format!("--scenario: {e}"))?,
            "--quiet" => options.quiet = true,
            "--narrate" => options.narrate = true,
            "--fast" => options.fast = true,
            "--players" => options.players = value()?.parse().map_err(|e| format!("--players: {e}"))?,
            "--svg" if cfg!(feature = "svg") => options.svg = Some(value()?.into()),
            "--svg" => return Err("--svg needs the example built with --features svg".into()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.players != 6 {
        let players = Players::standard(options.players).map_err(|e| format!("--players: {e}"))?;
        Setup::new(options.scenario, 0).with_players(players).map_err(|e| format!("--players: {e}"))?;
    }
    Ok(options)
}

/// The setup of game `seed`: its scenario, fast play and players.
fn setup(options: &Options, seed: u64) -> Setup {
    let setup = Setup::new(options.scenario, seed).with_fast_play(options.fast);
    // parse_options checked the players fit the scenario.
    let players = Players::standard(options.players).unwrap_or_default();
    setup.with_players(players).unwrap_or(setup)
}

/// What happened in one game, counted from its events without keeping them.
#[derive(Clone, Copy, Default)]
struct Tally {
    field_battles: u64,
    assaults: u64,
    naval_battles: u64,
    piracy: u64,
    reformations: u64,
    counter_reformations: u64,
    debates: u64,
    /// The main-deck and diplomatic cards played as events.
    events: EnumSet<Card>,
    /// Response cards played in response windows (§6.1).
    responses: u64,
    /// The response cards played so.
    response_cards: EnumSet<Card>,
    /// Voyages of exploration rolled (§20.2).
    explorations: u64,
    /// Voyages of conquest rolled (§20.3).
    conquests: u64,
    /// Colonies that reached their boxes (§20.1).
    colonies: u64,
    /// Successful circumnavigations (§20.2).
    circumnavigations: u64,
    /// Foreign wars started (§21.7).
    foreign_wars: u64,
    /// Deals offered in negotiation (§9.1).
    deals_proposed: u64,
    /// Deals accepted (and carried out).
    deals_accepted: u64,
    /// Alliances formed by deals (§9.2).
    deal_alliances: u64,
    /// Naval loans made by deals (§9.2): accepted deals that loan ships.
    deal_loans: u64,
}

impl Extend<Event> for Tally {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        for event in events {
            match event {
                Event::FieldBattle { .. } => self.field_battles += 1,
                Event::Assault { .. } => self.assaults += 1,
                Event::NavalBattle { .. } => self.naval_battles += 1,
                Event::Piracy { .. } => self.piracy += 1,
                Event::ReformationAttempt { .. } => self.reformations += 1,
                Event::CounterReformationAttempt { .. } => self.counter_reformations += 1,
                // One event per round: a debate is counted by its first.
                Event::Debate { round: 1, .. } => self.debates += 1,
                Event::CardPlayedAsEvent { card, .. } => {
                    self.events.insert(card);
                }
                Event::ResponsePlayed { card, .. } => {
                    self.responses += 1;
                    self.response_cards.insert(card);
                }
                Event::Exploration { .. } => self.explorations += 1,
                Event::ConquestVoyage { .. } => self.conquests += 1,
                Event::ColonyFounded(_) => self.colonies += 1,
                Event::Circumnavigation { success: true, .. } => self.circumnavigations += 1,
                Event::ForeignWarBegan { .. } => self.foreign_wars += 1,
                Event::DealOffered { .. } => self.deals_proposed += 1,
                Event::DealAccepted { deal } => {
                    self.deals_accepted += 1;
                    self.deal_alliances += u64::from(deal.alliance);
                    self.deal_loans += u64::from(deal.lender.is_some());
                }
                _ => {}
            }
        }
    }
}

/// Counts the events, and prints each as it comes when narrating.
struct Narrator<'a> {
    tally: &'a mut Tally,
    narrate: bool,
}

impl Extend<Event> for Narrator<'_> {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        for event in events {
            if self.narrate {
                println!("  {event}");
            }
            self.tally.extend([event]);
        }
    }
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.field_battles += other.field_battles;
        self.assaults += other.assaults;
        self.naval_battles += other.naval_battles;
        self.piracy += other.piracy;
        self.reformations += other.reformations;
        self.counter_reformations += other.counter_reformations;
        self.debates += other.debates;
        self.events = self.events.union(other.events);
        self.responses += other.responses;
        self.response_cards = self.response_cards.union(other.response_cards);
        self.explorations += other.explorations;
        self.conquests += other.conquests;
        self.colonies += other.colonies;
        self.circumnavigations += other.circumnavigations;
        self.foreign_wars += other.foreign_wars;
        self.deals_proposed += other.deals_proposed;
        self.deals_accepted += other.deals_accepted;
        self.deal_alliances += other.deal_alliances;
        self.deal_loans += other.deal_loans;
    }
}

/// Writes the picture of `game` to `dir/name` (`--svg`).
#[cfg(feature = "svg")]
fn write_svg(dir: &std::path::Path, name: &str, game: &Game) {
    let path = dir.join(name);
    if let Err(err) =
        std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, game.board_svg(Default::default())))
    {
        eprintln!("could not write {}: {err}", path.display());
        std::process::exit(1);
    }
}

#[cfg(not(feature = "svg"))]
fn write_svg(_dir: &std::path::Path, _name: &str, _game: &Game) {}

const USAGE: &str = "usage: random_game [--games N] [--seed S] [--scenario 1517|1532|2p|tournament] [--quiet] [--narrate] [--fast] [--players 3|4|5] [--svg DIR]";

fn main() {
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        println!("Plays whole games with random players and prints what happened.\n{USAGE}");
        return;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let mut decisions_total = 0u64;
    let mut total = Tally::default();
    let mut protestant_spaces_total = 0u64;
    let mut actions = here_i_stand::ActionList::new();
    // Cards played as events in the diplomacy phase (rulings DU1-DU3): an
    // intervention paid with #69 or #108, #73 at a declarer's turn, #73
    // while suing for peace.
    let mut diplomacy_events = [0u64; 3];
    // Wins by player (§3.1: the player holding the winning power).
    let mut player_wins = [0u64; 6];
    for i in 0..options.games {
        let seed = options.seed + i;
        let mut game = Game::new(setup(&options, seed));
        let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut decisions = 0u64;
        let mut tally = Tally::default();
        let svg_dir = options.svg.as_deref().filter(|_| i == 0);
        let mut pictured_turn = 0;
        while let Decider::Power(_) = game.decider() {
            if let Some(dir) = svg_dir.filter(|_| game.turn() != pictured_turn) {
                pictured_turn = game.turn();
                write_svg(dir, &format!("turn-{pictured_turn:02}.svg"), &game);
            }
            game.legal_actions_into(&mut actions);
            if actions.is_empty() || decisions >= MAX_DECISIONS {
                eprintln!("seed {seed}: stalled after {decisions} decisions");
                std::process::exit(1);
            }
            let pick = ((u128::from(chooser.next_u64()) * actions.len() as u128) >> 64) as usize;
            let narrate = options.narrate && i == 0;
            if narrate {
                let decider = game.pending().power.map_or("nobody", |p| p.name());
                println!("{decider}: {}", actions[pick].describe());
            }
            if let Action::PlayEvent(_) = actions[pick] {
                match game.pending().kind {
                    DecisionKind::Intervention => diplomacy_events[0] += 1,
                    DecisionKind::DeclarationsOfWar => diplomacy_events[1] += 1,
                    DecisionKind::Peace => diplomacy_events[2] += 1,
                    _ => {}
                }
            }
            if let Err(err) = game.apply_logged(actions[pick], &mut Narrator { tally: &mut tally, narrate }) {
                eprintln!("seed {seed}: a listed action was refused: {err}");
                std::process::exit(1);
            }
            decisions += 1;
        }
        decisions_total += decisions;
        if let Some(dir) = svg_dir {
            write_svg(dir, "end.svg", &game);
            println!("pictures of the first game in {}", dir.display());
        }
        if let Some(outcome) = game.outcome() {
            player_wins[game.player_of(outcome.winner).index()] += 1;
        }
        total.add(tally);
        let protestant = game.protestant_spaces().len() as u64;
        protestant_spaces_total += protestant;
        if !options.quiet {
            let result = match game.outcome() {
                Some(outcome) if options.players != 6 => {
                    format!("{outcome} ({})", game.player_of(outcome.winner))
                }
                Some(outcome) => outcome.to_string(),
                None => "no result".to_string(),
            };
            println!(
                "seed {seed}: turns {}, {result}, decisions {decisions}, field battles {}, assaults {}, \
                 naval battles {}, piracy {}, reformation attempts {}, counter-reformation attempts {}, \
                 debates {}, protestant spaces {protestant}",
                game.turn(),
                tally.field_battles,
                tally.assaults,
                tally.naval_battles,
                tally.piracy,
                tally.reformations,
                tally.counter_reformations,
                tally.debates
            );
        }
        if (i + 1) % 100 == 0 {
            eprint!("\r{} games", i + 1);
            let _ = std::io::stderr().flush();
        }
    }
    if options.games >= 100 {
        eprintln!();
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    println!(
        "games: {}  decisions: {}  games/s: {:.1}  decisions/s: {:.0}",
        options.games,
        decisions_total,
        options.games as f64 / seconds,
        decisions_total as f64 / seconds
    );
    if options.players != 6 {
        let players = Players::standard(options.players).unwrap_or_default();
        let wins: Vec<String> = players
            .players()
            .map(|p| {
                let powers: Vec<&str> = players.powers_of(p).iter().map(|power| power.name()).collect();
                format!("{p} ({}) {}", powers.join(" + "), player_wins[p.index()])
            })
            .collect();
        println!("wins by player: {}", wins.join(", "));
    }
    println!(
        "field battles: {}  assaults: {}  naval battles: {}  piracy: {}",
        total.field_battles, total.assaults, total.naval_battles, total.piracy
    );
    println!(
        "reformations: {}  counter-reformations: {}  debates: {}  protestant spaces (mean at end): {:.1}",
        total.reformations,
        total.counter_reformations,
        total.debates,
        protestant_spaces_total as f64 / options.games.max(1) as f64
    );
    println!(
        "voyages: explorations {}  conquests {}  colonies {}  circumnavigations {}  foreign wars {}",
        total.explorations, total.conquests, total.colonies, total.circumnavigations, total.foreign_wars
    );
    println!(
        "deals: proposed {}  accepted {}  alliances {}  loans {}",
        total.deals_proposed, total.deals_accepted, total.deal_alliances, total.deal_loans
    );
    println!(
        "diplomacy-phase events: interventions paid by #69/#108 {}  #73 declaring {}  #73 suing {}",
        diplomacy_events[0], diplomacy_events[1], diplomacy_events[2]
    );
    let main_deck = total.events.iter().filter(|card| card.number() <= 116).count();
    // The built main-deck events no game played as an event (those not
    // built are never offered; combat and response cards are played in
    // their windows instead).
    let unplayed: Vec<String> = Card::ALL
        .into_iter()
        .filter(|card| card.number() <= 116 && !matches!(card.kind(), CardKind::Combat | CardKind::Response))
        .filter(|card| !rules::events::excluded_from(*card, options.scenario))
        .filter(|card| rules::events::event_built(*card) && !total.events.contains(*card))
        .map(|card| format!("#{}", card.number()))
        .collect();
    println!("events played: {main_deck} distinct of 116  built but never played: {}", none_or(&unplayed));
    if options.scenario == Scenario::TwoPlayer {
        let diplomatic = total.events.iter().filter(|card| card.kind() == CardKind::Diplomacy).count();
        println!("diplomatic cards played: {diplomatic} distinct of 19");
    }
    let cards: Vec<String> = total.response_cards.iter().map(|card| format!("#{}", card.number())).collect();
    println!("responses: {}  cards: {}", total.responses, cards.join(" "));
}

/// The items joined by spaces, or "none".
fn none_or(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(" ") }
}
