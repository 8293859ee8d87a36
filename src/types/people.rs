//! Leaders, debaters, reformers, rulers, explorers and conquistadors, with
//! their printed ratings (rules-digest §3, §5.1, §18.2, §20).

use super::{Card, Faction, LanguageZone, Power, Space, vocabulary};

vocabulary! {
    /// An army or naval leader (§5.1).
    pub enum Leader: "leader" {
        /// Suleiman (Ottoman), 2/12.
        Suleiman = ("suleiman", "Suleiman"),
        /// Ibrahim Pasha (Ottoman), 1/6.
        Ibrahim = ("ibrahim", "Ibrahim Pasha"),
        /// Charles V (Hapsburg), 2/10.
        CharlesV = ("charles_v", "Charles V"),
        /// Duke of Alva (Hapsburg), 1/6.
        DukeOfAlva = ("duke_of_alva", "Duke of Alva"),
        /// Ferdinand (Hapsburg), 1/6.
        Ferdinand = ("ferdinand", "Ferdinand"),
        /// Henry VIII (England), 1/8.
        HenryViii = ("henry_viii", "Henry VIII"),
        /// Charles Brandon (England), 1/6.
        CharlesBrandon = ("charles_brandon", "Charles Brandon"),
        /// Dudley (England), 0/6.
        Dudley = ("dudley", "Dudley"),
        /// Francis I (France), 1/8.
        FrancisI = ("francis_i", "Francis I"),
        /// Henry II (France), 0/8.
        HenryIi = ("henry_ii", "Henry II"),
        /// Montmorency (France), 1/6.
        Montmorency = ("montmorency", "Montmorency"),
        /// John Frederick (Protestant), 0/6.
        JohnFrederick = ("john_frederick", "John Frederick"),
        /// Philip of Hesse (Protestant), 0/6.
        PhilipOfHesse = ("philip_of_hesse", "Philip of Hesse"),
        /// Maurice of Saxony (Protestant), 1/6.
        MauriceOfSaxony = ("maurice_of_saxony", "Maurice of Saxony"),
        /// The renegade leader of Charles Bourbon (#75), 1/6, for any power.
        Renegade = ("renegade", "Renegade (Charles Bourbon)"),
        /// Andrea Doria (Genoa), naval 2.
        AndreaDoria = ("andrea_doria", "Andrea Doria"),
        /// Barbarossa (Ottoman), naval 2, piracy 1.
        Barbarossa = ("barbarossa", "Barbarossa"),
        /// Dragut (Ottoman), naval 1, piracy 2.
        Dragut = ("dragut", "Dragut"),
    }
}

/// Army or naval leader (§5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaderKind {
    /// Commands land formations.
    Army,
    /// Commands fleets.
    Naval,
}

/// (owner, kind, battle, command or piracy), by `Leader::index()`.
const LEADERS: [(Option<Faction>, LeaderKind, u8, u8); Leader::COUNT] = {
    use Faction::*;
    use LeaderKind::*;
    [
        (Some(Ottoman), Army, 2, 12),
        (Some(Ottoman), Army, 1, 6),
        (Some(Hapsburg), Army, 2, 10),
        (Some(Hapsburg), Army, 1, 6),
        (Some(Hapsburg), Army, 1, 6),
        (Some(England), Army, 1, 8),
        (Some(England), Army, 1, 6),
        (Some(England), Army, 0, 6),
        (Some(France), Army, 1, 8),
        (Some(France), Army, 0, 8),
        (Some(France), Army, 1, 6),
        (Some(Protestant), Army, 0, 6),
        (Some(Protestant), Army, 0, 6),
        (Some(Protestant), Army, 1, 6),
        (None, Army, 1, 6),
        (Some(Genoa), Naval, 2, 0),
        (Some(Ottoman), Naval, 2, 1),
        (Some(Ottoman), Naval, 1, 2),
    ]
};

impl Leader {
    /// The faction the leader serves; `None` for the renegade, who serves
    /// whoever played Charles Bourbon.
    pub const fn owner(self) -> Option<Faction> {
        LEADERS[self as usize].0
    }
    /// Army or naval.
    pub const fn kind(self) -> LeaderKind {
        LEADERS[self as usize].1
    }
    /// Battle rating: interception and avoid-battle bonus, extra dice (§5.1).
    pub const fn battle(self) -> u8 {
        LEADERS[self as usize].2
    }
    /// Command rating of an army leader: the largest formation he commands; 0 for naval leaders.
    pub const fn command(self) -> u8 {
        match self.kind() {
            LeaderKind::Army => LEADERS[self as usize].3,
            LeaderKind::Naval => 0,
        }
    }
    /// Piracy rating of a naval leader (Barbarossa 1, Dragut 2), else 0.
    pub const fn piracy(self) -> u8 {
        match self.kind() {
            LeaderKind::Naval => LEADERS[self as usize].3,
            LeaderKind::Army => 0,
        }
    }
}

vocabulary! {
    /// A debater (§18.5; debater table in rules-digest §18.2).
    pub enum Debater: "debater" {
        /// Luther (Protestant, German), 4.
        Luther = ("luther", "Luther"),
        /// Melanchthon (Protestant, German), 3.
        Melanchthon = ("melanchthon", "Melanchthon"),
        /// Bucer (Protestant, German), 2.
        Bucer = ("bucer", "Bucer"),
        /// Carlstadt (Protestant, German), 1.
        Carlstadt = ("carlstadt", "Carlstadt"),
        /// Zwingli (Protestant, German), 3.
        Zwingli = ("zwingli", "Zwingli"),
        /// Oekolampadius (Protestant, German), 2.
        Oekolampadius = ("oekolampadius", "Oekolampadius"),
        /// Bullinger (Protestant, German), 2.
        Bullinger = ("bullinger", "Bullinger"),
        /// Calvin (Protestant, French), 4.
        Calvin = ("calvin", "Calvin"),
        /// Farel (Protestant, French), 2.
        Farel = ("farel", "Farel"),
        /// Cop (Protestant, French), 2.
        Cop = ("cop", "Cop"),
        /// Olivetan (Protestant, French), 1.
        Olivetan = ("olivetan", "Olivetan"),
        /// Tyndale (Protestant, English), 2.
        Tyndale = ("tyndale", "Tyndale"),
        /// Cranmer (Protestant, English), 3.
        Cranmer = ("cranmer", "Cranmer"),
        /// Coverdale (Protestant, English), 2.
        Coverdale = ("coverdale", "Coverdale"),
        /// Latimer (Protestant, English), 1.
        Latimer = ("latimer", "Latimer"),
        /// Wishart (Protestant, English), 1.
        Wishart = ("wishart", "Wishart"),
        /// Knox (Protestant, English), 3.
        Knox = ("knox", "Knox"),
        /// Eck (Papal), 3.
        Eck = ("eck", "Eck"),
        /// Campeggio (Papal), 2.
        Campeggio = ("campeggio", "Campeggio"),
        /// Aleander (Papal), 2.
        Aleander = ("aleander", "Aleander"),
        /// Tetzel (Papal), 1.
        Tetzel = ("tetzel", "Tetzel"),
        /// Cajetan (Papal), 1.
        Cajetan = ("cajetan", "Cajetan"),
        /// Contarini (Papal), 2.
        Contarini = ("contarini", "Contarini"),
        /// Pole (Papal), 3.
        Pole = ("pole", "Pole"),
        /// Caraffa (Papal), 2.
        Caraffa = ("caraffa", "Caraffa"),
        /// Loyola (Papal), 4.
        Loyola = ("loyola", "Loyola"),
        /// Faber (Papal), 3.
        Faber = ("faber", "Faber"),
        /// Canisius (Papal), 3.
        Canisius = ("canisius", "Canisius"),
        /// Gardiner (Papal), 3.
        Gardiner = ("gardiner", "Gardiner"),
    }
}

/// Which side a debater argues for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DebaterSide {
    /// A Protestant debater, of one language zone.
    Protestant(LanguageZone),
    /// A Papal debater (any zone).
    Papal,
}

/// (side, value, entry turn; 0 = with the Cranmer reformer), by `Debater::index()`.
const DEBATERS: [(DebaterSide, u8, u8); Debater::COUNT] = {
    use DebaterSide::*;
    use LanguageZone::*;
    [
        (Protestant(German), 4, 1),
        (Protestant(German), 3, 1),
        (Protestant(German), 2, 1),
        (Protestant(German), 1, 1),
        (Protestant(German), 3, 2),
        (Protestant(German), 2, 2),
        (Protestant(German), 2, 3),
        (Protestant(French), 4, 4),
        (Protestant(French), 2, 4),
        (Protestant(French), 2, 4),
        (Protestant(French), 1, 4),
        (Protestant(English), 2, 2),
        (Protestant(English), 3, 0),
        (Protestant(English), 2, 0),
        (Protestant(English), 1, 0),
        (Protestant(English), 1, 6),
        (Protestant(English), 3, 6),
        (Papal, 3, 1),
        (Papal, 2, 1),
        (Papal, 2, 1),
        (Papal, 1, 1),
        (Papal, 1, 1),
        (Papal, 2, 2),
        (Papal, 3, 5),
        (Papal, 2, 5),
        (Papal, 4, 6),
        (Papal, 3, 6),
        (Papal, 3, 6),
        (Papal, 3, 7),
    ]
};

impl Debater {
    /// Protestant (with zone) or Papal.
    pub const fn side(self) -> DebaterSide {
        DEBATERS[self as usize].0
    }
    /// The power he debates for.
    pub const fn power(self) -> Power {
        match self.side() {
            DebaterSide::Papal => Power::Papacy,
            DebaterSide::Protestant(_) => Power::Protestant,
        }
    }
    /// Debate value (§18.5).
    pub const fn value(self) -> u8 {
        DEBATERS[self as usize].1
    }
    /// The turn he arrives at the card draw (§8), or `None` for Cranmer,
    /// Coverdale and Latimer, who arrive with the Cranmer reformer (turn 4 at
    /// the earliest).
    pub const fn entry_turn(self) -> Option<u8> {
        match DEBATERS[self as usize].2 {
            0 => None,
            turn => Some(turn),
        }
    }
}

vocabulary! {
    /// A Protestant reformer (§8, §18): placed on arrival; never moves.
    pub enum Reformer: "reformer" {
        /// Luther, in Wittenberg.
        Luther = ("luther", "Luther"),
        /// Zwingli, in Zurich.
        Zwingli = ("zwingli", "Zwingli"),
        /// Calvin, in Geneva.
        Calvin = ("calvin", "Calvin"),
        /// Cranmer, in London.
        Cranmer = ("cranmer", "Cranmer"),
    }
}

impl Reformer {
    /// The space where he stands (§8).
    pub const fn space(self) -> Space {
        match self {
            Reformer::Luther => Space::Wittenberg,
            Reformer::Zwingli => Space::Zurich,
            Reformer::Calvin => Space::Geneva,
            Reformer::Cranmer => Space::London,
        }
    }
}

vocabulary! {
    /// A ruler of a major power (§3.3).
    pub enum Ruler: "ruler" {
        /// Suleiman (Ottoman, whole game).
        Suleiman = ("suleiman", "Suleiman"),
        /// Charles V (Hapsburg, whole game).
        CharlesV = ("charles_v", "Charles V"),
        /// Henry VIII (England, start).
        HenryViii = ("henry_viii", "Henry VIII"),
        /// Edward VI (England, card #19).
        EdwardVi = ("edward_vi", "Edward VI"),
        /// Mary I (England, card #21).
        MaryI = ("mary_i", "Mary I"),
        /// Elizabeth I (England, card #23).
        ElizabethI = ("elizabeth_i", "Elizabeth I"),
        /// Francis I (France, start).
        FrancisI = ("francis_i", "Francis I"),
        /// Henry II (France, card #20).
        HenryIi = ("henry_ii", "Henry II"),
        /// Leo X (Papacy, start).
        LeoX = ("leo_x", "Leo X"),
        /// Clement VII (Papacy, card #10).
        ClementVii = ("clement_vii", "Clement VII"),
        /// Paul III (Papacy, card #14).
        PaulIii = ("paul_iii", "Paul III"),
        /// Julius III (Papacy, card #22).
        JuliusIii = ("julius_iii", "Julius III"),
        /// Martin Luther (Protestant, start).
        Luther = ("luther", "Martin Luther"),
        /// John Calvin (Protestant, card #16).
        Calvin = ("calvin", "John Calvin"),
    }
}

/// (power, admin rating, card bonus, ruler card), by `Ruler::index()` (§3.3).
const RULERS: [(Power, u8, u8, Option<Card>); Ruler::COUNT] = {
    use Power::*;
    [
        (Ottoman, 2, 0, None),
        (Hapsburg, 2, 0, None),
        (England, 1, 1, None),
        (England, 1, 0, Some(Card::EdwardVi)),
        (England, 1, 0, Some(Card::MaryI)),
        (England, 2, 1, Some(Card::ElizabethI)),
        (France, 1, 1, None),
        (France, 1, 0, Some(Card::HenryIi)),
        (Papacy, 0, 0, None),
        (Papacy, 1, 0, Some(Card::ClementVii)),
        (Papacy, 1, 1, Some(Card::PaulIii)),
        (Papacy, 0, 1, Some(Card::JuliusIii)),
        (Protestant, 2, 0, None),
        (Protestant, 1, 0, Some(Card::Calvin)),
    ]
};

impl Ruler {
    /// The power he rules.
    pub const fn power(self) -> Power {
        RULERS[self as usize].0
    }
    /// Administrative rating: cards that may be kept into the next turn (§3.3).
    pub const fn admin(self) -> u8 {
        RULERS[self as usize].1
    }
    /// Card bonus: extra cards dealt each turn (§3.3, §4).
    pub const fn card_bonus(self) -> u8 {
        RULERS[self as usize].2
    }
    /// The card that brings him to the throne, if any.
    pub const fn card(self) -> Option<Card> {
        RULERS[self as usize].3
    }
    /// The ruler each power starts the 1517 scenario with (§3.3).
    pub const fn initial(power: Power) -> Ruler {
        match power {
            Power::Ottoman => Ruler::Suleiman,
            Power::Hapsburg => Ruler::CharlesV,
            Power::England => Ruler::HenryViii,
            Power::France => Ruler::FrancisI,
            Power::Papacy => Ruler::LeoX,
            Power::Protestant => Ruler::Luther,
        }
    }
}

vocabulary! {
    /// An explorer (§20.2). Each of the three New World powers has its own Cabot.
    pub enum Explorer: "explorer" {
        /// Magellan (Hapsburg), 4.
        Magellan = ("magellan", "Magellan"),
        /// Orellana (Hapsburg), 3.
        Orellana = ("orellana", "Orellana"),
        /// De Soto (Hapsburg), 2.
        DeSoto = ("de_soto", "De Soto"),
        /// Ponce de León (Hapsburg), 1.
        PonceDeLeon = ("ponce_de_leon", "Ponce de León"),
        /// Cabot (Hapsburg), 1.
        HapsburgCabot = ("hapsburg_cabot", "Cabot (Hapsburg)"),
        /// De Vaca (Hapsburg), 0.
        DeVaca = ("de_vaca", "De Vaca"),
        /// Narváez (Hapsburg), -1.
        Narvaez = ("narvaez", "Narváez"),
        /// Cabot (England), 1.
        EnglishCabot = ("english_cabot", "Cabot (England)"),
        /// Chancellor (England), 1.
        Chancellor = ("chancellor", "Chancellor"),
        /// Rut (England), 1.
        Rut = ("rut", "Rut"),
        /// Willoughby (England), 0.
        Willoughby = ("willoughby", "Willoughby"),
        /// Cartier (France), 3.
        Cartier = ("cartier", "Cartier"),
        /// Verrazano (France), 2.
        Verrazano = ("verrazano", "Verrazano"),
        /// Cabot (France), 1.
        FrenchCabot = ("french_cabot", "Cabot (France)"),
        /// Roberval (France), 0.
        Roberval = ("roberval", "Roberval"),
    }
}

/// (power, rating), by `Explorer::index()` (§20.2).
const EXPLORERS: [(Power, i8); Explorer::COUNT] = {
    use Power::*;
    [
        (Hapsburg, 4),
        (Hapsburg, 3),
        (Hapsburg, 2),
        (Hapsburg, 1),
        (Hapsburg, 1),
        (Hapsburg, 0),
        (Hapsburg, -1),
        (England, 1),
        (England, 1),
        (England, 1),
        (England, 0),
        (France, 3),
        (France, 2),
        (France, 1),
        (France, 0),
    ]
};

impl Explorer {
    /// The power he sails for.
    pub const fn power(self) -> Power {
        EXPLORERS[self as usize].0
    }
    /// Exploration rating, added to 2d6 (§20.2).
    pub const fn rating(self) -> i8 {
        EXPLORERS[self as usize].1
    }
}

vocabulary! {
    /// A Hapsburg conquistador (§20.3).
    pub enum Conquistador: "conquistador" {
        /// Cortez, 4.
        Cortez = ("cortez", "Cortez"),
        /// Pizarro, 3.
        Pizarro = ("pizarro", "Pizarro"),
        /// Montejo, 2.
        Montejo = ("montejo", "Montejo"),
        /// Cordova, 1.
        Cordova = ("cordova", "Cordova"),
        /// Coronado, 1.
        Coronado = ("coronado", "Coronado"),
    }
}

impl Conquistador {
    /// Conquest rating, added to 2d6 (§20.3).
    pub const fn rating(self) -> u8 {
        match self {
            Conquistador::Cortez => 4,
            Conquistador::Pizarro => 3,
            Conquistador::Montejo => 2,
            Conquistador::Cordova | Conquistador::Coronado => 1,
        }
    }
}

vocabulary! {
    /// The group a theological debate's defender is drawn from (§18.5 step 3):
    /// the caller names it, then the defender is drawn at random from it.
    pub enum DebaterPool: "debater pool" {
        /// The opponent's uncommitted debaters (defender dice: value + 2).
        Uncommitted = ("uncommitted", "uncommitted"),
        /// The opponent's committed debaters (defender dice: value + 1).
        Committed = ("committed", "committed"),
    }
}

vocabulary! {
    /// A box of Henry VIII's marital status track (§21.3), in track order.
    pub enum MaritalStatus: "marital status" {
        /// Catherine of Aragon, the 1517 start.
        CatherineOfAragon = ("catherine_of_aragon", "Catherine of Aragon"),
        /// Ask for Divorce (the 1532 start).
        AskForDivorce = ("ask_for_divorce", "Ask for Divorce"),
        /// Anne Boleyn: the English Reformation next turn.
        AnneBoleyn = ("anne_boleyn", "Anne Boleyn"),
        /// Jane Seymour: +1 on the pregnancy chart.
        JaneSeymour = ("jane_seymour", "Jane Seymour"),
        /// Anne of Cleves: with a Protestant alliance, England and the Protestant draw a card.
        AnneOfCleves = ("anne_of_cleves", "Anne of Cleves"),
        /// Kathryn Howard: England draws a card.
        KathrynHoward = ("kathryn_howard", "Kathryn Howard"),
        /// Katherine Parr: both heirs are born.
        KatherineParr = ("katherine_parr", "Katherine Parr"),
    }
}

impl MaritalStatus {
    /// The next box of the track, if any (§21.3).
    ///
    /// ```
    /// use here_i_stand::MaritalStatus;
    ///
    /// assert_eq!(MaritalStatus::AskForDivorce.next(), Some(MaritalStatus::AnneBoleyn));
    /// assert_eq!(MaritalStatus::KatherineParr.next(), None);
    /// ```
    pub fn next(self) -> Option<MaritalStatus> {
        MaritalStatus::from_index(self.index() + 1)
    }

    /// Whether reaching this box is a new wife, rolled for on the pregnancy
    /// chart (§21.3): every box after Ask for Divorce.
    ///
    /// ```
    /// use here_i_stand::MaritalStatus;
    ///
    /// assert!(!MaritalStatus::AskForDivorce.is_new_wife());
    /// assert!(MaritalStatus::AnneBoleyn.is_new_wife());
    /// ```
    pub fn is_new_wife(self) -> bool {
        self >= MaritalStatus::AnneBoleyn
    }
}

vocabulary! {
    /// A discovery of the New World display (§20.2), in the order of the
    /// Exploration Table: a 7 finds the St. Lawrence, an 8 the Great Lakes,
    /// a 9 the Mississippi; a 10 or more lets the explorer choose.
    pub enum Discovery: "discovery" {
        /// The St. Lawrence River, 1 VP.
        StLawrence = ("st_lawrence", "St. Lawrence River"),
        /// The Great Lakes, 1 VP.
        GreatLakes = ("great_lakes", "Great Lakes"),
        /// The Mississippi River, 1 VP.
        Mississippi = ("mississippi", "Mississippi River"),
        /// The Pacific Strait, 1 VP, claimed on the way to circumnavigate.
        PacificStrait = ("pacific_strait", "Pacific Strait"),
        /// The Amazon River, 2 VP.
        Amazon = ("amazon", "Amazon River"),
        /// The circumnavigation of the world, 3 VP (one per game).
        Circumnavigation = ("circumnavigation", "Circumnavigation"),
    }
}

impl Discovery {
    /// VP as printed on the New World display (§20.2, §23.2).
    pub const fn vp(self) -> u8 {
        match self {
            Discovery::Amazon => 2,
            Discovery::Circumnavigation => 3,
            _ => 1,
        }
    }
}

vocabulary! {
    /// A native civilization to conquer (§20.3), in the order of the
    /// Conquest Table: 9 the Maya, 10 the Aztec, 11 or more the Inca.
    pub enum Conquest: "conquest" {
        /// The Maya, 1 VP.
        Maya = ("maya", "Maya"),
        /// The Aztec, 2 VP.
        Aztec = ("aztec", "Aztec"),
        /// The Inca, 2 VP.
        Inca = ("inca", "Inca"),
    }
}

impl Conquest {
    /// VP as printed on the New World display (§20.3, §23.2).
    pub const fn vp(self) -> u8 {
        match self {
            Conquest::Maya => 1,
            Conquest::Aztec | Conquest::Inca => 2,
        }
    }
}
