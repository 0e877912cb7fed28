import type { Strings } from '../en.ts';

/** Bahasa Malaysia of en-empty.ts. */
export const msEmpty: Strings['empty'] = {
  generic: 'Belum ada apa-apa di sini.',
  noMatch: 'Tiada yang sepadan. Kosongkan carian atau penapis untuk melihat semua baris.',
  vehicles: 'Belum ada kenderaan. Tambah satu dengan Tambah Kenderaan Baharu.',
  vehiclesByOthers: 'Belum ada kenderaan. Pengedar anda akan menambahnya; ia muncul di sini selepas ditambah.',
  devices: 'Belum ada peranti. Tambah satu dengan Tambah Peranti Baharu.',
  notifications: 'Belum ada pemberitahuan. Tambah satu dengan Tambah Pemberitahuan Baharu.',
  vehiclesElsewhere: 'Belum ada kenderaan. Kenderaan yang ditambah di Pengurusan akan muncul di sini.',
  userVehicles: 'Pengguna ini belum ada kenderaan. Tambah satu dengan Tambah Kenderaan.',
  userNoVehicles: 'Pengguna ini tiada kenderaan.',
  userDevices: 'Pengguna ini belum ada peranti. Tambah satu dengan Tambah Peranti.',
  tickets: 'Tiada tiket. Penggera SOS daripada kenderaan akan membuka tiket di sini.',
  escalations: 'Tiada amaran SOS. Amaran muncul di sini apabila kenderaan membunyikan penggera SOS.',
  migrationUsers: 'Tiada pengguna untuk dipindahkan.',
  packageHistory: 'Belum ada perubahan pakej.',
  beforeSubmit: 'Pilih apa yang hendak dilihat dan tempohnya, kemudian tekan Hantar.',
  nothingFound: 'Tiada apa-apa dalam tempoh ini. Cuba tempoh yang lebih panjang.',
  geofenceVehicles: 'Tiada kenderaan dalam geofence ini sekarang.',
};
