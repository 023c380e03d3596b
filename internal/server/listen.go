package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Timeouts of the HTTP server ListenAndServe runs.
const (
	// shutdownTimeout bounds the graceful shutdown: requests in flight get
	// this long to finish before their connections are closed.
	shutdownTimeout = 5 * time.Second
	// readHeaderTimeout stops clients that open connections and never finish
	// a request from holding them (slowloris).
	readHeaderTimeout = 10 * time.Second
	// idleTimeout closes keep-alive connections nobody uses.
	idleTimeout = 2 * time.Minute
)

// ListenOption configures ListenAndServe.
type ListenOption func(*listenConfig)

type listenConfig struct {
	certificate *tls.Certificate
}

// WithTLS serves HTTPS with cert (see LoadCertificate), HTTP/2 offered
// through ALPN.
func WithTLS(cert tls.Certificate) ListenOption {
	return func(c *listenConfig) { c.certificate = &cert }
}

// ListenAndServe serves h on addr (host:port; port 0 picks a free one) until
// ctx is done, then shuts down gracefully: it stops accepting, lets requests
// in flight finish for up to a few seconds, and returns nil.
//
// Without WithTLS it speaks HTTP/1.1 and HTTP/2 without TLS (h2c with prior
// knowledge, RFC 9113 §3.3, as a proxy with an h2c upstream sends it) on
// the one port: HTTP/1.1 for a handler made by New on fasthttp (fast.go),
// everything else on net/http. With WithTLS, net/http serves HTTPS, with
// HTTP/2 or HTTP/1.1 as the client chooses. Once listening it logs
// "serving http://HOST:PORT/" (https with TLS; the site's base URL when h
// was made by New), so the actual port is known even for port 0. A failure
// to listen, such as a port already in use, is returned naming the
// address.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, logger *slog.Logger, opts ...ListenOption) error {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	var cfg listenConfig
	for _, opt := range opts {
		opt(&cfg)
	}
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetHTTP2(true)
	protocols.SetUnencryptedHTTP2(true)
	srv := &http.Server{
		Handler:           h,
		Protocols:         &protocols,
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	scheme := "http"
	if cfg.certificate != nil {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{*cfg.certificate}, MinVersion: tls.VersionTLS12}
		scheme = "https"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return listenError(addr, err)
	}
	url := listenURL(scheme, ln.Addr(), h)
	logger.Info("serving "+url, slog.String("url", url))
	if fh, ok := h.(*handler); ok && srv.TLSConfig == nil {
		return serveCleartext(ctx, ln, fh, srv, logger)
	}

	served := make(chan error, 1)
	go func() {
		if srv.TLSConfig != nil {
			served <- srv.ServeTLS(ln, "", "")
			return
		}
		served <- srv.Serve(ln)
	}()
	select {
	case err := <-served:
		return fmt.Errorf("server: serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	return shutdown(ctx, srv, served, logger)
}

// serveCleartext serves h on ln until ctx is done: HTTP/1.1 on fasthttp
// (fast.go) and HTTP/2 connections (h2c) on srv, sorted by their first
// bytes (protocolSplit).
func serveCleartext(ctx context.Context, ln net.Listener, h *handler, srv *http.Server, logger *slog.Logger) error {
	split := newProtocolSplit(ln, logger)
	fast := newFastServer(h, logger)
	failed := make(chan error, 3)
	go func() {
		if err := split.run(); err != nil {
			failed <- err
		}
	}()
	go func() {
		if err := fast.Serve(split.http1); err != nil {
			failed <- err
		}
	}()
	go func() {
		if err := srv.Serve(split.http2); !errors.Is(err, http.ErrServerClosed) {
			failed <- err
		}
	}()
	var err error
	select {
	case err = <-failed:
		err = fmt.Errorf("server: serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	_ = split.close()
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	var wg sync.WaitGroup
	var fastErr, h2Err error
	wg.Go(func() { fastErr = fast.ShutdownWithContext(sctx) })
	wg.Go(func() {
		if h2Err = srv.Shutdown(sctx); h2Err != nil {
			_ = srv.Close()
		}
	})
	wg.Wait()
	if shutdownErr := errors.Join(fastErr, h2Err); shutdownErr != nil && err == nil {
		err = fmt.Errorf("server: shutdown: requests still running after %s were cut off: %w", shutdownTimeout, shutdownErr)
	}
	if h.accessLog != nil {
		h.accessLog.flush()
	}
	logger.Info("stopped serving")
	return err
}

// LoadCertificate reads a PEM certificate chain (the server's certificate
// first) and its PEM private key, for WithTLS. Errors name the file that is
// missing, unreadable or not what it should be.
func LoadCertificate(certFile, keyFile string) (tls.Certificate, error) {
	certPEM, err := os.ReadFile(certFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("server: read TLS certificate: %w", err)
	}
	keyPEM, err := os.ReadFile(keyFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("server: read TLS key: %w", err)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("server: TLS certificate %s with key %s: %w", certFile, keyFile, err)
	}
	return cert, nil
}

// shutdown stops srv gracefully within shutdownTimeout, then forcibly.
func shutdown(ctx context.Context, srv *http.Server, served <-chan error, logger *slog.Logger) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if err != nil {
		// Requests still running after the grace period are cut off.
		_ = srv.Close()
		err = fmt.Errorf("server: shutdown: requests still running after %s were cut off: %w", shutdownTimeout, err)
	}
	if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = fmt.Errorf("server: %w", serveErr)
	}
	if fh, ok := srv.Handler.(*handler); ok && fh.accessLog != nil {
		fh.accessLog.flush()
	}
	logger.Info("stopped serving")
	return err
}

// listenError explains a failed listen, with a hint for the usual cause.
func listenError(addr string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("server: cannot listen on %s: address already in use (another server is running there; choose another port): %w", addr, err)
	}
	return fmt.Errorf("server: cannot listen on %s: %w", addr, err)
}

// listenURL is the URL to open in a browser for the listener: an unspecified
// host (":3000", "0.0.0.0") is reachable as localhost. When h is the handler
// New made, the path is the site's base URL, since only that serves pages.
func listenURL(scheme string, a net.Addr, h http.Handler) string {
	host, port := "localhost", ""
	if tcp, ok := a.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if !tcp.IP.IsUnspecified() {
			host = tcp.IP.String()
		}
	}
	base := "/"
	if b, ok := h.(interface{ BaseURL() string }); ok {
		base = b.BaseURL()
	}
	return scheme + "://" + net.JoinHostPort(host, port) + base
}
