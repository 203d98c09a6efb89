//! The server's HTTP side, on the same port as the protocol: a WebSocket upgrade
//! goes to [`connection::run`](super::connection::run); any other request is for the
//! browser client (`web/`, built into the program) or a piece drawing, so a match
//! code is a link, `http://HOST:7464/K3QF9A`.
//!
//! axum (on hyper) reads the HTTP; the upgraded connection is handed to the same
//! tungstenite socket the protocol has always run on. Every file comes from here, with
//! a Content-Security-Policy that allows no inline script and no other host.

use super::lobby::Lobby;
use crate::rules::Side;
use crate::sounds::{self, Sound};
use axum::Extension;
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

const INDEX: &str = include_str!("../../web/index.html");
const STYLE: &str = include_str!("../../web/style.css");

/// The page's script by name, each as `web/` holds it.
macro_rules! scripts {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../web/", $name)))),*]
    };
}

/// The page's script: ES modules by concern, each served at `/{name}`, with no build
/// step. The page loads `app.js`, which imports the others, and names them all to be
/// fetched at once (`modulepreload`) rather than once `app.js` has come.
const SCRIPTS: &[(&str, &str)] = scripts![
    "app.js",
    "state.js",
    "words.js",
    "connection.js",
    "lobby.js",
    "match.js",
    "moves.js",
    "board.js",
    "chapayev.js",
    "input.js",
    "sound.js",
    "keyboard.js",
    "speech.js",
    "looks.js",
];

/// How long a client has to send its request (a page's, or the WebSocket handshake).
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Scripts, styles, pictures and connections from this server only; nothing inline.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                      img-src 'self'; media-src 'self'; connect-src 'self'; base-uri 'none'; \
                      form-action 'self'; frame-ancestors 'none'";

/// What every request reaches: the matches, when the server started (for the
/// protocol's clocks), and the page with its tag.
#[derive(Clone)]
struct Shared {
    lobby: Arc<Lobby>,
    started: Instant,
    index: File,
}

/// The server's routes, with compression and the security headers on every answer.
pub fn router(lobby: Arc<Lobby>, started: Instant) -> Router {
    let style = File::new(STYLE, "text/css; charset=utf-8");
    let index = File::new(INDEX, "text/html; charset=utf-8");
    let icon: &'static [u8] = Box::leak(favicon().into_boxed_slice());
    let sounds: Arc<Vec<(String, Vec<u8>)>> = Arc::new(
        Sound::ALL
            .iter()
            .map(|s| (format!("{}.wav", s.name()), sounds::wav(&s.samples())))
            .collect(),
    );
    let mut routes = Router::new().route("/", get(root));
    for (name, text) in SCRIPTS {
        let script = File::new(text, "text/javascript; charset=utf-8");
        routes = routes.route(
            &format!("/{name}"),
            get(move |asked: HeaderMap| script.answer(asked)),
        );
    }
    routes
        .route(
            "/style.css",
            get(move |asked: HeaderMap| style.answer(asked)),
        )
        .route(
            "/favicon.ico",
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, "image/x-icon"),
                        (header::CACHE_CONTROL, "public, max-age=86400"),
                    ],
                    icon,
                )
            }),
        )
        .route("/robots.txt", get(robots))
        .route("/sprites/{side}/{name}", get(sprite))
        .route(
            "/sounds/{name}",
            get(move |name: Path<String>| sound(name, sounds)),
        )
        .route("/words/{lang}", get(words))
        .route("/rules/{game}/{lang}", get(rules))
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .route("/{code}", get(page_or_socket))
        .fallback(not_found)
        .with_state(Shared {
            lobby,
            started,
            index,
        })
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// Serves one TCP connection: HTTP requests until it closes, or a WebSocket.
pub async fn serve(stream: TcpStream, peer: SocketAddr, router: Router) {
    let _ = stream.set_nodelay(true);
    let service = TowerToHyperService::new(router.layer(Extension(peer)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(HANDSHAKE);
    // A closed or broken connection is the client's business: nothing to report.
    let _ = http
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades()
        .await;
}

/// `/health`: that the server answers, for a proxy's checks; 503 once it is handing
/// its matches over on the way out, or while the store does not take its word that
/// it is alive, so that the proxy sends nobody new.
async fn health(State(shared): State<Shared>) -> Response {
    if shared.lobby.is_draining() {
        (StatusCode::SERVICE_UNAVAILABLE, "draining\n").into_response()
    } else if !shared.lobby.healthy() {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the store cannot be reached\n",
        )
            .into_response()
    } else {
        "ok\n".into_response()
    }
}

/// `/metrics`: the server's counts in Prometheus' text format.
async fn metrics(State(shared): State<Shared>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        super::metrics::METRICS.render(shared.lobby.in_memory()),
    )
        .into_response()
}

/// `/`: the protocol's WebSocket, or the page.
async fn root(
    State(shared): State<Shared>,
    Extension(peer): Extension<SocketAddr>,
    request: Request<Body>,
) -> Response {
    if wants_websocket(request.headers()) {
        upgrade(shared, peer, request)
    } else {
        shared.index.answer(request.headers().clone()).await
    }
}

fn wants_websocket(headers: &HeaderMap) -> bool {
    let has = |name, word: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(word)))
        })
    };
    has(header::CONNECTION, "upgrade") && has(header::UPGRADE, "websocket")
}

/// Answers the WebSocket handshake (RFC 6455) and runs the connection on the socket
/// hyper hands over once the answer is sent.
fn upgrade(shared: Shared, peer: SocketAddr, mut request: Request<Body>) -> Response {
    let headers = request.headers();
    let version_13 = headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .is_some_and(|v| v == "13");
    let Some(key) = headers
        .get(header::SEC_WEBSOCKET_KEY)
        .filter(|_| version_13)
    else {
        return (
            StatusCode::BAD_REQUEST,
            "a WebSocket handshake needs its key and version 13",
        )
            .into_response();
    };
    let accept = derive_accept_key(key.as_bytes());
    let upgraded = hyper::upgrade::on(&mut request);
    tokio::spawn(async move {
        let Ok(upgraded) = upgraded.await else { return };
        let io = TokioIo::new(upgraded);
        let at = super::connection::Origin {
            address: Some(peer.ip()),
        };
        super::connection::run(io, at, shared.lobby, shared.started).await;
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, accept)
        .body(Body::empty())
        .expect("a valid handshake answer")
}

/// `/CODE`: the protocol's WebSocket (a client of that match connects there, so that
/// a proxy routing by the path sends it to the match's server), or the page.
async fn page_or_socket(
    State(shared): State<Shared>,
    Extension(peer): Extension<SocketAddr>,
    Path(code): Path<String>,
    request: Request<Body>,
) -> Response {
    if !wants_websocket(request.headers()) {
        // A match's code gets the page; any other path is not one of the server's.
        if !is_code(&code) {
            return not_found().await;
        }
        return shared.index.answer(request.headers().clone()).await;
    }
    upgrade(shared, peer, request)
}

/// Whether a path is a match's code as the page reads one from its address: six
/// letters and digits (the page, for `/` and for a code, reads the code itself).
fn is_code(path: &str) -> bool {
    path.len() == 6 && path.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Any path that is neither a file of the server's nor a match's code.
async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found. Doska's matches are at /CODE, its lobby at /.\n",
    )
        .into_response()
}

/// `/robots.txt`: a server's matches are its players' business, not a search engine's.
async fn robots() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        "User-agent: *\nDisallow: /\n",
    )
        .into_response()
}

/// `/favicon.ico`: four squares of the page's board, light and dark, as a 16x16
/// icon (one 32-bit BMP image inside the ICO container).
fn favicon() -> Vec<u8> {
    const SIZE: u32 = 16;
    let (light, dark, edge) = ([0xb5, 0xd9, 0xed], [0x45, 0x63, 0x8c], [0x21, 0x33, 0x4d]);
    let pixels = SIZE * SIZE * 4;
    let mask = SIZE * 4; // one bit a pixel, rows padded to 4 bytes
    let image = 40 + pixels + mask;
    let mut out = Vec::with_capacity(6 + 16 + image as usize);
    out.extend_from_slice(&[0, 0, 1, 0, 1, 0]); // an icon, one image
    out.extend_from_slice(&[SIZE as u8, SIZE as u8, 0, 0, 1, 0, 32, 0]);
    out.extend_from_slice(&image.to_le_bytes());
    out.extend_from_slice(&22u32.to_le_bytes());
    // BITMAPINFOHEADER: twice the height, for the image and its mask.
    out.extend_from_slice(&40u32.to_le_bytes());
    out.extend_from_slice(&SIZE.to_le_bytes());
    out.extend_from_slice(&(SIZE * 2).to_le_bytes());
    out.extend_from_slice(&[1, 0, 32, 0]);
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&pixels.to_le_bytes());
    out.extend_from_slice(&[0; 16]);
    // Rows from the bottom, each pixel blue, green, red, alpha.
    for y in 0..SIZE {
        for x in 0..SIZE {
            let border = x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1;
            let colour = if border {
                edge
            } else if ((x * 4 / SIZE) + (y * 4 / SIZE)) % 2 == 0 {
                dark
            } else {
                light
            };
            out.extend_from_slice(&colour);
            out.push(0xff);
        }
    }
    out.extend(std::iter::repeat_n(0, mask as usize));
    out
}

/// A file of the client, with its tag worked out once: the browser checks it again
/// each time (it changes with the server) and is told "not modified" while the same.
#[derive(Clone)]
struct File {
    text: &'static str,
    kind: &'static str,
    tag: HeaderValue,
}

impl File {
    fn new(text: &'static str, kind: &'static str) -> File {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        let tag = HeaderValue::from_str(&format!("\"{:016x}\"", hasher.finish()))
            .expect("hex digits in quotes make a header value");
        File { text, kind, tag }
    }

    async fn answer(self, asked: HeaderMap) -> Response {
        let cached = asked.get(header::IF_NONE_MATCH) == Some(&self.tag);
        let headers = [
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::ETAG, self.tag),
        ];
        if cached {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        let kind = [(header::CONTENT_TYPE, self.kind)];
        (kind, headers, self.text).into_response()
    }
}

/// `/sounds/{name}.wav`: the app's sounds of play, made by the same synthesiser.
async fn sound(Path(name): Path<String>, sounds: Arc<Vec<(String, Vec<u8>)>>) -> Response {
    let Some((_, file)) = sounds.iter().find(|(n, _)| *n == name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    (
        [
            (header::CONTENT_TYPE, "audio/wav"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        file.clone(),
    )
        .into_response()
}

/// What the page says, by the keys of `locales/*/main.ftl`: the app's own words where
/// the app says the same, the page's (`web-`) where it does not.
const WORDS: &[&str] = &[
    "menu-sound",
    "online-name",
    "online-join",
    "online-watch",
    "online-copy",
    "online-link",
    "online-chat",
    "menu-game",
    "online-rematch",
    "online-takeback-title",
    "button-resign",
    "button-offer-draw",
    "web-play",
    "web-create",
    "web-open-matches",
    "web-you",
    "web-open-seat",
    "web-connecting",
    "web-lost",
    "web-say",
    "web-accept",
    "web-decline",
    "web-draw-offered",
    "web-takeback-asked",
    "web-accept-draw",
    "web-back-to-game",
    "side-white",
    "side-black",
    "side-red",
    "web-clock-own",
    "web-minutes",
    "web-increment",
    "chooser-rules",
    "setup-plan-me",
    "setup-plan-open",
    "setup-plan-computer",
    "setup-house-rules",
    "setup-seats",
    "setup-clock",
    "clock-none",
    "web-level",
    "web-on",
    "web-off",
    "level-easy",
    "level-normal",
    "level-hard",
    "web-watching",
    "web-waiting",
    "web-computer",
    "result-draw",
    "team-bughouse-1",
    "team-bughouse-2",
    "seat-bughouse-0",
    "seat-bughouse-1",
    "seat-bughouse-2",
    "seat-bughouse-3",
    "action-resign",
    "action-offer-draw",
    "action-accept-draw",
    "action-claim-draw",
    "action-swap",
    "side-grey",
    "piece-king",
    "piece-queen",
    "piece-rook",
    "piece-bishop",
    "piece-knight",
    "piece-pawn",
    "piece-checker",
    "piece-zchecker",
    "piece-viceking",
    "piece-maharajah",
    "piece-disc",
    "piece-draughtsking",
    "piece-stone",
    "piece-jester",
    "piece-general",
    "web-cell-picked",
    "web-cell-lit",
    "web-castles-long",
    "web-castles-short",
    "web-becomes",
    "web-takes",
    "web-put-on",
    "web-check",
    "web-checkmate",
    "web-move-not-now",
    "web-no-moves",
    "web-file-empty",
    "web-move-box",
    "web-move-play",
    "web-move-help",
    "web-contrast",
    "web-said-pass",
    "web-said-crowned",
];

/// The page's words that take arguments, each argument left as `{name}` for the page
/// to put its text (or a name, isolated) in.
const WORDS_WITH: &[(&str, &[&str])] = &[
    ("result-wins", &["side"]),
    ("result-team-wins", &["team"]),
    ("moved-flick", &["id"]),
    ("moved-poke", &["id"]),
    ("moved-scissors", &["a", "b", "target"]),
    ("table-lot", &["seat"]),
    ("web-computer-level", &["level"]),
    ("web-name-too-long", &["most", "has"]),
    ("web-chat-too-long", &["most", "has"]),
    ("web-board", &["board"]),
    ("web-piece", &["side", "piece"]),
    ("web-aim", &["id", "angle", "strength"]),
    ("web-move-which", &["moves"]),
    ("web-move-unknown", &["move"]),
    ("web-none-of", &["piece"]),
    ("web-said-disc", &["cell"]),
    ("web-said-step", &["from", "to"]),
    ("web-said-captures", &["from", "path"]),
    ("web-said-jumps", &["from", "path"]),
    ("web-said-piece-step", &["piece", "from", "to"]),
    ("web-said-piece-takes", &["piece", "from", "to"]),
];

/// `/words/{en|ru|uk}`: the page's words and the games' names in a language, as one
/// JSON object by key.
async fn words(Path(lang): Path<String>) -> Response {
    let Some(lang) = crate::i18n::Language::from_code(&lang) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Each game's name, and its house rules with their values, as the setup says them.
    let games = crate::rules::GameId::ALL.iter().flat_map(|g| {
        let rules = g.option_specs().iter().flat_map(|spec| {
            let values = spec
                .values
                .iter()
                .filter(|_| spec.values != crate::rules::options::SWITCH)
                .map(move |v| format!("opt-{}-{v}", spec.id));
            std::iter::once(format!("opt-{}", spec.id)).chain(values)
        });
        std::iter::once(format!("game-{}", g.id())).chain(rules)
    });
    let clocks = crate::rules::clock::TimeControl::PRESETS
        .iter()
        .map(|(id, _)| format!("clock-{id}"));
    // The reasons of results, by the protocol's ids.
    let reasons = crate::rules::Reason::ALL
        .iter()
        .map(|r| format!("reason-{}", r.id()));
    let mut said: serde_json::Map<String, serde_json::Value> = WORDS
        .iter()
        .map(|k| k.to_string())
        .chain(games)
        .chain(clocks)
        .chain(reasons)
        .map(|key| {
            let text = lang.t(&key);
            (key, serde_json::Value::String(text))
        })
        .collect();
    for (key, names) in WORDS_WITH {
        let args: Vec<(&str, String)> = names.iter().map(|n| (*n, format!("{{{n}}}"))).collect();
        said.insert(
            key.to_string(),
            serde_json::Value::String(lang.t_args(key, &args)),
        );
    }
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        serde_json::Value::Object(said).to_string(),
    )
        .into_response()
}

/// `/rules/{game}/{en|ru|uk}`: the game's rules page as the app shows it, section by
/// section (how it is played, its special moves, how it ends), as JSON:
/// `{"title": …, "sections": [{"heading": …, "text": …}, …]}`.
async fn rules(Path((game, lang)): Path<(String, String)>) -> Response {
    let (Ok(game), Some(lang)) = (
        crate::rules::GameId::from_id(&game),
        crate::i18n::Language::from_code(&lang),
    ) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let sections: Vec<serde_json::Value> = crate::rules::pages::SECTIONS
        .iter()
        .map(|section| {
            serde_json::json!({
                "heading": lang.t(&format!("rules-{section}")),
                "text": lang.t(&game.section_key(section)),
            })
        })
        .collect();
    let page = serde_json::json!({
        "title": lang.t(&format!("game-{}", game.id())),
        "sections": sections,
    });
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        page.to_string(),
    )
        .into_response()
}

/// `/sprites/{side}/{name}.svg`: a piece drawing in an army's colours.
async fn sprite(Path((side, name)): Path<(String, String)>) -> Response {
    let drawing = name
        .strip_suffix(".svg")
        .and_then(|n| crate::drawings::SOURCES.iter().find(|(id, _)| *id == n));
    match (drawing, painted(&side)) {
        (Some((_, text)), Some(colours)) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            paint(text, colours),
        )
            .into_response(),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// A colour as SVG writes it, `#rrggbb`.
fn hex([r, g, b]: [f32; 3]) -> String {
    let byte = |c: f32| (c * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// An army's body, outline and detail colours, as the app paints them, by the army's
/// word in the protocol.
fn painted(side: &str) -> Option<[String; 3]> {
    let side = [Side::White, Side::Black, Side::Red, Side::Grey]
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(side))?;
    Some(crate::drawings::army_colours(side).map(hex))
}

/// A drawing's placeholder colours (see `assets/sprites/README.md`) put in an army's.
fn paint(text: &str, [body, outline, detail]: [String; 3]) -> String {
    text.replace("\"#fff\"", &format!("\"{body}\""))
        .replace("\"#000\"", &format!("\"{outline}\""))
        .replace("\"#808080\"", &format!("\"{detail}\""))
        .replace("\"#c00\"", &format!("\"{}\"", hex(crate::drawings::ACCENT)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_is_painted_in_its_armys_colours() {
        let (_, king) = crate::drawings::SOURCES[0];
        let black = paint(king, painted("black").unwrap());
        assert!(!black.contains("\"#fff\"") && !black.contains("\"#000\""));
        assert!(black.contains("#33302e"));
        assert!(painted("blue").is_none());
        assert_eq!(hex(crate::drawings::ACCENT), "#d11a1a");
    }

    #[tokio::test]
    async fn a_client_file_unchanged_is_not_sent_again() {
        let file = File::new("let x = 1;", "text/javascript");
        let first = file.clone().answer(HeaderMap::new()).await;
        assert_eq!(first.status(), StatusCode::OK);
        let tag = first.headers()[header::ETAG].clone();
        let mut asked = HeaderMap::new();
        asked.insert(header::IF_NONE_MATCH, tag);
        assert_eq!(file.answer(asked).await.status(), StatusCode::NOT_MODIFIED);
    }

    #[test]
    fn every_word_of_the_page_is_said_in_every_language() {
        for lang in ["en", "ru", "uk"] {
            let lang = crate::i18n::Language::from_code(lang).unwrap();
            for key in WORDS {
                assert_ne!(lang.t(key), *key, "{key} in {lang:?}");
            }
            for (key, names) in WORDS_WITH {
                let args: Vec<(&str, String)> =
                    names.iter().map(|n| (*n, format!("{{{n}}}"))).collect();
                let said = lang.t_args(key, &args);
                assert_ne!(said, *key, "{key} in {lang:?}");
                for n in *names {
                    assert!(
                        said.contains(&format!("{{{n}}}")),
                        "{key} in {lang:?}: {said}"
                    );
                }
            }
        }
    }

    /// Every module a module of the page imports is one the server serves, every one
    /// it serves but `app.js` (the page's own) is imported, and the page has them all
    /// fetched with `app.js`: a module left out of `SCRIPTS` or of the page would only
    /// show in a browser, as a page that does not start or starts a round trip late.
    #[test]
    fn every_module_of_the_page_is_served_and_fetched_at_once() {
        let served: Vec<&str> = SCRIPTS.iter().map(|(name, _)| *name).collect();
        let imported: Vec<&str> = SCRIPTS
            .iter()
            .flat_map(|(_, text)| text.lines())
            .filter(|line| line.starts_with("import "))
            .filter_map(|line| line.split("'./").nth(1)?.split('\'').next())
            .collect();
        for name in &imported {
            assert!(served.contains(name), "{name} is imported, not served");
        }
        for name in &served[1..] {
            assert!(imported.contains(name), "{name} is served, never imported");
        }
        assert!(INDEX.contains("<script type=\"module\" src=\"/app.js\">"));
        let preloaded: Vec<&str> = INDEX
            .split("<link rel=\"modulepreload\" href=\"/")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .collect();
        assert_eq!(
            preloaded,
            served[1..],
            "the modules the page fetches at once"
        );
    }

    /// Every key the page names (a quoted key in the script, a `data-word` or a
    /// `data-label` in the page) is one `/words/{lang}` serves, so that every word it
    /// shows or names a control with is translated.
    #[test]
    fn every_key_the_page_names_is_served() {
        let served: Vec<&str> = WORDS
            .iter()
            .copied()
            .chain(WORDS_WITH.iter().map(|(k, _)| *k))
            .collect();
        let prefixes = [
            "web-", "action-", "result-", "team-", "moved-", "table-", "setup-", "online-",
            "button-", "menu-", "chooser-", "level-", "clock-", "side-",
        ];
        let mut keys: Vec<&str> = ["data-word=\"", "data-label=\""]
            .iter()
            .flat_map(|attribute| INDEX.split(attribute).skip(1))
            .filter_map(|s| s.split('"').next())
            .collect();
        for (_, script) in SCRIPTS {
            for prefix in prefixes {
                for (at, _) in script.match_indices(&format!("'{prefix}")) {
                    let rest = &script[at + 1..];
                    let key = &rest[..rest.find('\'').unwrap_or(rest.len())];
                    if key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                        keys.push(key);
                    }
                }
            }
        }
        assert!(keys.len() > 40, "{keys:?}");
        for key in keys {
            assert!(
                served.contains(&key),
                "the page names {key}, which it is not sent"
            );
        }
    }

    #[test]
    fn only_an_upgrade_to_websocket_is_one() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONNECTION,
            HeaderValue::from_static("keep-alive, Upgrade"),
        );
        assert!(!wants_websocket(&headers));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        assert!(wants_websocket(&headers));
    }
}
