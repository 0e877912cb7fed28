import type { Strings } from '../../en.ts';

/** Bahasa Malaysia of en-onboarding.ts. */
export const msOnboarding: Strings['onboarding'] = {
  coverage: {
    watches: (n: number, total: number) => `Memantau ${n} daripada ${total} kenderaan`,
    watchesNone: 'Tidak memantau kenderaan',
    noneWarning: 'Templat ini tidak memantau sebarang kenderaan, jadi peraturannya tidak pernah dicetuskan.',
    noneHint: 'Gunakannya pada kenderaan di sini, atau pilihnya dalam Templat Peraturan sesebuah kenderaan.',
    vehicles: 'Kenderaan',
    groups: 'Kumpulan penuh',
    noVehicles: 'Tiada',
    apply: 'Guna pada kenderaan',
    applyTitle: (name: string) => `Guna ${name} pada kenderaan`,
    allVehicles: (n: number) => `Semua kenderaan (${n})`,
    oneGroup: 'Satu kumpulan kenderaan',
    group: 'Kumpulan kenderaan',
    groupOption: (name: string, n: number) => `${name} (${n} kenderaan)`,
    noGroups: 'Belum ada kumpulan kenderaan',
    keeps:
      'Kenderaan yang sudah dipantau kekal seperti sedia ada. Peraturannya disemak bagi kenderaan baharu mulai mesej seterusnya.',
    defaultNote: 'DEFAULT tidak disenaraikan: ia sudah memantau setiap kenderaan.',
    confirm: 'Guna',
    cancel: 'Batal',
    added: (n: number) => `${n} lagi kenderaan dipantau`,
  },
  setup: {
    title: 'Sediakan penjejak',
    intro:
      'Halakan penjejak ke pelayan ini: hantar mesej di bawah kepadanya, atau tetapkan alamat dan port di dalamnya.',
    device: 'Peranti',
    protocol: 'Protokol',
    host: 'Alamat pelayan',
    port: 'Port',
    portOff: 'Tidak diketahui: get laluan bagi model ini dimatikan',
    sms: 'SMS persediaan, ke kad SIM penjejak',
    app: 'URL pelayan untuk dimasukkan dalam aplikasi penjejakan',
    noSetup:
      'Tiada mesej persediaan diketahui bagi model ini: tetapkan alamat dan port seperti dalam manual pengeluarnya.',
    password: 'Mesej ini menggunakan kata laluan kilang pengeluar; jika telah ditukar, masukkan yang baharu.',
    copy: 'Salin',
    copied: 'Disalin',
    waiting: 'Menunggu mesej pertama…',
    waitingHint: 'Halaman ini dikemas kini sendiri apabila penjejak melapor buat kali pertama.',
    received: 'Mesej pertama diterima',
    receivedAt: (time: string) => `Pada ${time}.`,
    viewVehicle: 'Lihat kenderaan di peta',
    noVehicle:
      'Peranti ini belum dipasang pada kenderaan: tambah kenderaan dengannya untuk melihatnya secara langsung di peta.',
    addVehicle: 'Tambah Kenderaan Baharu',
    done: 'Selesai',
    notFound: 'Peranti ini tidak ditemui.',
    action: 'Persediaan',
    neverReported: 'Belum pernah melapor',
  },
  unknown: {
    title: 'Penjejak tidak berdaftar',
    intro:
      'Penjejak yang bersambung dengan IMEI yang tiada pada mana-mana peranti. Pelayan menolaknya sehingga ia didaftarkan.',
    imei: 'IMEI',
    protocol: 'Protokol',
    model: 'Model',
    firstSeen: 'Mula dilihat',
    lastSeen: 'Terakhir dilihat',
    attempts: 'Cubaan',
    address: 'Alamat',
    action: 'Tindakan',
    register: 'Daftar',
    refresh: 'Muat semula senarai',
    empty: 'Tiada penjejak tidak berdaftar yang bersambung.',
    emptyHint:
      'Penjejak yang dihalakan ke pelayan ini dengan IMEI yang belum ditambah dipaparkan di sini. Gunakan Tambah Peranti Baharu untuk mendaftarkannya, kemudian Persediaan untuk menghalakannya ke sini.',
  },
  reasons: {
    deviceHolder: 'Pengguna sasaran tidak boleh pemilik armada atau operator armada.',
    deviceOnVehicle: 'Peranti ini sudah dipasang pada kenderaan; kenderaan memerlukan peranti yang bebas.',
    defaultTemplate: 'Peraturan tidak boleh ditambah pada DEFAULT: masukkannya dalam templat anda sendiri.',
  },
};
