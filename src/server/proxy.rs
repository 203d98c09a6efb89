//! HAProxy in front of several servers sharing one store: the configuration Doska's
//! servers expect, which `doska haproxy-config` prints for an operator, and `doska
//! loadtest --servers N` and the tests start.
//!
//! A match's page and socket are at `/CODE`, hashed by the path to a server (`balance
//! uri`, consistent, so that a server coming or going moves only its share of codes);
//! a client a server sent on by name (`?server=NAME`, its error `elsewhere`) goes to
//! that server while it is up; the lobby (`/`) goes round them all. A server that
//! fails its health check (`/health`, 503 while it hands its matches over or cannot
//! reach the store) gets nobody new, and its connections are closed so that their
//! clients come back to another.

/// The configuration for `servers` (name, `host:port`), listening on `listen`
/// (`host:port`), with at most `connections` client connections at once.
pub fn haproxy_config(listen: &str, servers: &[(String, String)], connections: usize) -> String {
    let by_name: String = servers
        .iter()
        .map(|(name, _)| format!("    use-server {name} if {{ urlp(server) -m str {name} }}\n"))
        .collect();
    let mut config = format!(
        "global
    maxconn {connections}
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout check 1s
    option redispatch
    retries 3
frontend doska
    bind {listen}
    use_backend lobby if {{ path / }}
    default_backend matches
backend lobby
    balance roundrobin
{by_name}"
    );
    for (name, address) in servers {
        config += &format!("    server {name} {address} track matches/{name}\n");
    }
    config += "backend matches
    balance uri
    hash-type consistent
    option httpchk GET /health
    http-check expect status 200
";
    config += &by_name;
    for (name, address) in servers {
        config += &format!(
            "    server {name} {address} check inter 300 fall 2 rise 2 on-marked-down shutdown-sessions\n"
        );
    }
    config
}

/// The most client connections HAProxy can hold under this process's limit of open
/// files, which it inherits: each takes two (the client's and the server's).
pub fn most_connections() -> usize {
    let hard = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| {
            let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(4)?.parse::<usize>().ok()
        })
        .unwrap_or(8_192);
    hard.saturating_sub(256) / 2
}

/// HAProxy running `config` (a file), listening on a loopback port it was given; it is
/// stopped when dropped.
pub struct Haproxy {
    child: std::process::Child,
    /// `ws://127.0.0.1:PORT/`.
    pub url: String,
}

impl Haproxy {
    /// Starts HAProxy in front of `servers`, its configuration written to `config`.
    pub fn start(
        config: &std::path::Path,
        servers: &[(String, String)],
    ) -> std::io::Result<Haproxy> {
        Haproxy::start_with(config, |listen| {
            Ok(haproxy_config(listen, servers, most_connections()))
        })
    }

    /// Starts HAProxy on the configuration `write` gives for the address it is to
    /// listen on, written to `config`. HAProxy cannot say which port the system gave
    /// it: a port free a moment ago is taken, and another if something else took it
    /// meanwhile.
    pub fn start_with(
        config: &std::path::Path,
        write: impl Fn(&str) -> std::io::Result<String>,
    ) -> std::io::Result<Haproxy> {
        for _ in 0..20 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")?
                .local_addr()?
                .port();
            let listen = format!("127.0.0.1:{port}");
            std::fs::write(config, write(&listen)?)?;
            let mut child = std::process::Command::new("haproxy")
                .arg("-db")
                .arg("-f")
                .arg(config)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()?;
            let began = std::time::Instant::now();
            while began.elapsed() < std::time::Duration::from_secs(60) {
                if child.try_wait()?.is_some() {
                    break;
                }
                if std::net::TcpStream::connect(&listen).is_ok() {
                    return Ok(Haproxy {
                        child,
                        url: format!("ws://{listen}/"),
                    });
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        Err(std::io::Error::other("HAProxy did not start"))
    }
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    /// `docs/server.md` shows what `doska haproxy-config` prints for three servers.
    #[test]
    fn the_operators_document_shows_the_configuration_as_printed() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/server.md"))
            .unwrap();
        let command = "s3=10.0.0.13:7464` prints:";
        let shown = doc
            .split(command)
            .nth(1)
            .and_then(|after| after.split("```\n").nth(1))
            .expect("the document shows the printed configuration");
        let servers: Vec<(String, String)> = (1..=3)
            .map(|i| (format!("s{i}"), format!("10.0.0.1{i}:7464")))
            .collect();
        let printed = super::haproxy_config(":443 ssl crt /etc/haproxy/doska.pem", &servers, 9_000);
        assert_eq!(shown, printed);
    }
}
