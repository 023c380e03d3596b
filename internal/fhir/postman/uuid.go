package postman

import (
	"crypto/sha1"
	"fmt"
)

// idNamespaceName names this package in the URL namespace; the UUID of that
// name is the namespace of collection ids, so they cannot collide with UUIDs
// other tools derive from the same bare API id.
const idNamespaceName = "https://github.com/portaldocs/portal/internal/fhir/postman"

// collectionID is the collection's _postman_id: a name-based UUID of the API
// id. Postman recognises a collection it already has by this id and offers
// to replace it on import, so a stable id keeps readers from collecting
// duplicates each time the portal regenerates the file.
func collectionID(apiID string) string {
	namespace := uuidV5(namespaceURL(), idNamespaceName)
	return formatUUID(uuidV5(namespace, apiID))
}

// namespaceURL is the predefined namespace for names that are URLs
// (RFC 9562 §6.6): 6ba7b811-9dad-11d1-80b4-00c04fd430c8.
func namespaceURL() [16]byte {
	return [16]byte{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// uuidV5 is the version 5 UUID of name in namespace (RFC 9562 §5.5): the
// first 16 bytes of SHA-1(namespace || name) with the version and variant
// bits set. SHA-1 is what the RFC specifies here; nothing relies on it for
// security.
func uuidV5(namespace [16]byte, name string) [16]byte {
	h := sha1.New()
	h.Write(namespace[:])
	h.Write([]byte(name))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // variant 0b10
	return u
}

// formatUUID writes u in the 8-4-4-4-12 hex form.
func formatUUID(u [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}
